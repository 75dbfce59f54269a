// Intrinsics as scalar ops in a generic body (spelled generically here).
func.func @f(%x: f16, %y: f16) -> f16 {
  %m = "spyreop.exp"(%x) : (f16) -> f16
  %s = "spyreop.realdiv"(%m, %y) : (f16, f16) -> f16
  return %s : f16
}
