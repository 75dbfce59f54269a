// affine.apply's map has one result.
func.func @f(%a: index) {
  %0 = affine.apply affine_map<(d0) -> (d0, d0)>(%a)
  return
}
