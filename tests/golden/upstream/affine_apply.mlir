// affine.apply with a map alias or an inline map, dims in parentheses and
// symbols in brackets.
#map = affine_map<(d0)[s0] -> (d0 * 64 + s0)>
#sym = affine_map<()[s0, s1] -> (-s0 + s1)>
func.func @f(%a: index, %b: index) {
  %0 = affine.apply #map(%a)[%b]
  %1 = affine.apply #sym()[%a, %b]
  %2 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%a, %b)
  return
}
