// The fused pair type matches the operand type.
func.func @f(%x: f16) {
  %p = spyreop.exx2_fused %x : f16 -> !spyreop.fp32_fused
  return
}
