// layernormscale and layernormnorm name their operands with keywords.
func.func @f(%x: f16, %sq: f16, %s: f16, %w: f16, %b: f16) {
  %0 = spyreop.layernormscale %x squares %sq : f16
  %1 = spyreop.layernormnorm %x squares %sq scale %s weight %w bias %b : f16
  return
}
