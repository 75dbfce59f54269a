// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.routed
// One element per buffer. %lu is only read by the L1LU, whose 2-byte access
// needs 2-byte alignment; %dma is written by the MNILU, which moves whole
// 64-byte words: 64-byte aligned and 64 bytes reserved; %lu2 fits in the gap
// before it (first fit).
module {
  func.func @f(%a: index) attributes {grid = [1]} {
    %A = ktdp.construct_memory_view %a, sizes: [64], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
    %A_m = memref.memory_space_cast %A : memref<64xf16> to memref<64xf16, "DDR">
    ktdf.pipeline {
      %p:6 = ktdf.private -> (memref<1xf16, "L1">, memref<1xf16, "L1">, memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.token) {
        %lu = memref.alloc() : memref<1xf16, "L1">
        %dma = memref.alloc() : memref<1xf16, "L1">
        %lu2 = memref.alloc() : memref<1xf16, "L1">
        %f:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        %t = ktdf.create_token : !ktdf.token
        ktdf.private_yield %lu, %dma, %lu2, %f#0, %f#1, %t : memref<1xf16, "L1">, memref<1xf16, "L1">, memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#5) {
        ktdf.data_transfer from %A_m[0] size [1] to %p#1[0] size [1] : memref<64xf16, "DDR">, memref<1xf16, "L1">
      } {applicable_units = ["MNILU"]}
      ktdf.stage depends_in(%p#5) depends_out(none) {
        ktdf.data_transfer from %p#0[0] size [1] to %p#3 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        ktdf.data_transfer from %p#2[0] size [1] to %p#4 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
      } {applicable_units = ["L1LU"]}
    }
    return
  }
}
