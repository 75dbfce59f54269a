// affine.min / affine.max take maps with several results.
#m = affine_map<(d0)[s0, s1] -> (s0 - d0, s1)>
func.func @f(%i: index, %a: index, %b: index) {
  %0 = affine.min #m(%i)[%a, %b]
  %1 = affine.max affine_map<(d0) -> (d0, 0)>(%i)
  return
}
