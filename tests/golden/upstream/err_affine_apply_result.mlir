// affine.apply returns an index.
#m = affine_map<(d0) -> (d0)>
func.func @f(%a: index) {
  %0 = "affine.apply"(%a) {map = #m} : (index) -> i32
  return
}
