// In generic form, iterator types may be MLIR's enum attributes or the plain
// strings of older MLIR; the custom form prints both as strings.
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf16>, %o: tensor<4xf16>) {
  %0 = "linalg.generic"(%a, %o) ({
  ^bb0(%x: f16, %y: f16):
    "linalg.yield"(%x) : (f16) -> ()
  }) {indexing_maps = [#id, #id], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>} : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  %1 = "linalg.generic"(%a, %o) ({
  ^bb0(%x: f16, %y: f16):
    "linalg.yield"(%x) : (f16) -> ()
  }) {indexing_maps = [#id, #id], iterator_types = ["parallel"], operandSegmentSizes = array<i32: 1, 1>} : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  return
}
