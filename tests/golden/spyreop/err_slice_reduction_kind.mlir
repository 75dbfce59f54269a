// slice_reduction kinds: add, sub, max, min, mul, abs_max.
func.func @f(%x: tensor<64xf16>) {
  %0 = spyreop.slice_reduction %x {reduction_kind = #spyreop.reduction_kind<avg>, reduction_scope = #spyreop.reduction_scope<in_slice>} : tensor<64xf16> -> tensor<64xf16>
  return
}
