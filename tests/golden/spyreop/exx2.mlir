// exx2 yields the mean and the mean of squares.
func.func @f(%x: f16, %w: f32) {
  %m, %sq = spyreop.exx2 %x : f16
  %r:2 = spyreop.exx2 %w : f32
  return
}
