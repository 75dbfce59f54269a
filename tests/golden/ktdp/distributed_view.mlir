// A distributed view over two partitions; the space before '(' is optional.
func.func @f(%a: memref<32x64xf16>, %b: memref<32x64xf16>) {
  %d = ktdp.construct_distributed_memory_view(%a, %b : memref<32x64xf16>, memref<32x64xf16>) : memref<64x64xf16>
  return
}
