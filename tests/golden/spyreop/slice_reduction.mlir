// slice_reduction carries its kind and scope as spyreop attributes.
func.func @f(%x: tensor<64xf16>) {
  %0 = spyreop.slice_reduction %x {reduction_kind = #spyreop.reduction_kind<add>, reduction_scope = #spyreop.reduction_scope<in_slice>} : tensor<64xf16> -> tensor<64xf16>
  %1 = spyreop.slice_reduction %x {reduction_kind = #spyreop.reduction_kind<abs_max>, reduction_scope = #spyreop.reduction_scope<across_slice>} : tensor<64xf16> -> tensor<64xf16>
  return
}
