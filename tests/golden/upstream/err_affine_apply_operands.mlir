// The operands match the map's dimensions and symbols.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @f(%a: index) {
  %0 = affine.apply #map(%a, %a)
  return
}
