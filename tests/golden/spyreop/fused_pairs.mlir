// exx2_fused packs into the fused pair of its type; layernormscale_fused unpacks.
func.func @f(%x: f16, %d: !spyreop.df16, %w: f32) {
  %p = spyreop.exx2_fused %x : f16 -> !spyreop.fp16_fused
  %s = spyreop.layernormscale_fused %p : !spyreop.fp16_fused -> f16
  %q = spyreop.exx2_fused %d : !spyreop.df16 -> !spyreop.df16_fused
  %r = spyreop.exx2_fused %w : f32 -> !spyreop.fp32_fused
  return
}
