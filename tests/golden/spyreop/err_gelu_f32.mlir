// gelu takes f16 or df16 only.
func.func @f(%x: f32) {
  %0 = spyreop.gelu %x : f32
  return
}
