// RUN: ktc-path-expand
// PARSE: --device=sample --stage=sched.split
// A stage that both loads (DDR -> SFU, two hops) and writes a FIFO itself:
// its hops cannot be split into stages of their own.
module {
  func.func @f(%a: index) attributes {grid = [1]} {
    %A = ktdp.construct_memory_view %a, sizes: [64], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
    %A_m = memref.memory_space_cast %A : memref<64xf16> to memref<64xf16, "DDR">
    ktdf.pipeline {
      %p:3 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>, !ktdf.token) {
        %f = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
        %g = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>
        %t = ktdf.create_token : !ktdf.token
        ktdf.private_yield %f, %g, %t : !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 64xf16>, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#2) {
        %e = tensor.empty() : tensor<64xf16>
        ktdf.write_to_fifo %e, %p#1 : tensor<64xf16>, <"SFU" -> "DDR", 64xf16>
        ktdf.data_transfer from %A_m[0] size [64] to %p#0 size [64] : memref<64xf16, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 64xf16>
      }
      ktdf.stage depends_in(%p#2) depends_out(none) {
        %x = ktdf.read_from_fifo %p#0 : <"DDR" -> "SFU", 64xf16> -> tensor<64xf16>
      } {applicable_units = ["SFU"]}
    }
    return
  }
}
