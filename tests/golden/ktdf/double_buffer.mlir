// Double buffering: the loop's phase picks one of two buffers.
func.func @double_buffer() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %x0 = memref.alloc() : memref<64xf16, "L1">
  %x1 = memref.alloc() : memref<64xf16, "L1">
  scf.for %i = %c0 to %c8 step %c1 {
    %p = ktdf.buffer_phase(%i) {num_phases = 2 : i64} : index
    %b = ktdf.select_memref %p[%x0, %x1] : memref<64xf16, "L1">
  }
  return
}
