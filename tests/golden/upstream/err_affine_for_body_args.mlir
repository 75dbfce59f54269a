// affine.for's body takes the index induction variable.
func.func @f() {
  "affine.for"() ({
  ^bb0(%i: i32):
    "affine.yield"() : () -> ()
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 0, 0>} : () -> ()
  return
}
