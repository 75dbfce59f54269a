// Intrinsics take floats.
func.func @f(%x: i32) {
  %0 = spyreop.exp %x : i32
  return
}
