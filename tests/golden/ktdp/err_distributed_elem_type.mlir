// Every partition has the element type of the distributed view.
func.func @f(%a: memref<32x64xf16>, %b: memref<32x64xf32>) {
  %d = ktdp.construct_distributed_memory_view (%a, %b : memref<32x64xf16>, memref<32x64xf32>) : memref<64x64xf16>
  return
}
