// affine.apply needs an affine map, not an integer set.
#s = affine_set<(d0) : (d0 >= 0)>
func.func @f(%a: index) {
  %0 = affine.apply #s(%a)
  return
}
