// A target intrinsic in destination-passing style; ins and outs print on
// their own lines, as the reference prints them.
func.func @opaque(%a: tensor<64xf16>, %eps: f32) -> tensor<64xf16> {
  %out = tensor.empty() : tensor<64xf16>
  %0 = ktdf.opaque "RSQRT_EPS" -> tensor<64xf16> ins(%a, %eps: tensor<64xf16>, f32) outs(%out: tensor<64xf16>)
  return %0 : tensor<64xf16>
}
