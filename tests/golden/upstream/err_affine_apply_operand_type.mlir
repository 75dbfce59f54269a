// affine.apply's operands are index values.
#m = affine_map<(d0) -> (d0)>
func.func @f(%a: i32) {
  %0 = "affine.apply"(%a) {map = #m} : (i32) -> index
  return
}
