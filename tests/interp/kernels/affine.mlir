// affine.apply / min / max on index values.
func.func @aff(%a: index, %b: index) -> (index, index, index) {
  %x = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 floordiv 2)>(%a)[%b]
  %y = affine.min affine_map<(d0, d1) -> (d0, d1, 7)>(%a, %b)
  %z = affine.max affine_map<(d0, d1) -> (d0 mod 3, d1 - 10)>(%a, %b)
  return %x, %y, %z : index, index, index
}
