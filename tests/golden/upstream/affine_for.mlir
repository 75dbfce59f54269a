// affine.for: constant and SSA bounds print as such, other bounds as
// maps (max/min for several results); step when not 1; the empty
// affine.yield is implicit.
func.func @f(%n: index, %m: index) {
  affine.for %i = 0 to %n {
  }
  affine.for %i = 0 to 128 step 4 {
    %x = arith.addi %i, %i : index
  }
  affine.for %i = max affine_map<()[s0] -> (0, s0 - 8)>()[%m] to min affine_map<(d0) -> (d0, 64)>(%n) {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n {
    }
  }
  return
}
