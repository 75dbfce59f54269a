// Bounds and step share one type.
func.func @f(%n: index, %m: i32) {
  "scf.for"(%n, %m, %n) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}
