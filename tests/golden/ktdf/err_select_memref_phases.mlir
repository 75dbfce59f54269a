// A buffer_phase with N phases selects among N buffers.
func.func @f(%i: index, %a: memref<4xf16>, %b: memref<4xf16>, %c: memref<4xf16>) {
  %p = ktdf.buffer_phase(%i) {num_phases = 2 : i64} : index
  %s = ktdf.select_memref %p[%a, %b, %c] : memref<4xf16>
  return
}
