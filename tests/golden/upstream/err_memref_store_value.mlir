// The stored value has the element type.
func.func @f(%m: memref<4xf16>, %x: f32, %i: index) {
  "memref.store"(%x, %m, %i) : (f32, memref<4xf16>, index) -> ()
  return
}
