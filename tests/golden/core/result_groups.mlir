// `%x:2` binds two results under one name and `%x#1` uses the second;
// `%a, %b =` binds one name per result.
func.func @groups(%in: f16) -> (f16, i32) {
  %x:2 = "test.two"(%in) : (f16) -> (f16, i32)
  %a, %b = "test.two"(%in) : (f16) -> (f16, i32)
  %s = arith.addf %x#0, %a : f16
  %p, %q:2 = "test.three"(%s) : (f16) -> (f16, i32, i32)
  return %p, %q#1 : f16, i32
}
