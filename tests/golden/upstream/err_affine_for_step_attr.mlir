// In generic form, affine.for's step is a positive integer.
func.func @f() {
  "affine.for"() ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = -1 : index, operandSegmentSizes = array<i32: 0, 0, 0>} : () -> ()
  return
}
