// In generic form, operandSegmentSizes splits lower bound, upper bound and
// init operands, which must match the bound maps.
func.func @f(%n: index) {
  "affine.for"(%n) ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) {lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = affine_map<() -> (8)>, step = 1 : index, operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> ()
  return
}
