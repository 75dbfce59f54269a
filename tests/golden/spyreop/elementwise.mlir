// Elementwise intrinsics: operands and result share one float type.
func.func @f(%x: f16, %y: f16, %w: f32) {
  %0 = spyreop.exp %x : f16
  %1 = spyreop.sqrt %w : f32
  %2 = spyreop.rsqrt %x : f16
  %3 = spyreop.reciprocal %x : f16
  %4 = spyreop.sigmoid %w : f32
  %5 = spyreop.silu %x : f16
  %6 = spyreop.gelu %x : f16
  %7 = spyreop.realdiv %x, %y : f16
  %8 = spyreop.select %x, %y, %x : f16
  return
}
