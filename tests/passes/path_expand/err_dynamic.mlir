// RUN: ktc-path-expand
// PARSE: --device=sample --stage=sched.split
// A row of run-time length: DDR to the SFU needs an L1 staging buffer, which
// needs a static size.
module {
  func.func @f(%a: index, %n: index) attributes {grid = [1]} {
    %A = ktdp.construct_memory_view %a, sizes: [64], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
    %A_m = memref.memory_space_cast %A : memref<64xf16> to memref<64xf16, "DDR">
    ktdf.pipeline {
      %p:2 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", ?xf16>, !ktdf.token) {
        %f = ktdf.fifo.allocate(%n) -> !ktdf.fifo.slot<"DDR" -> "SFU", ?xf16>
        %t = ktdf.create_token : !ktdf.token
        ktdf.private_yield %f, %t : !ktdf.fifo.slot<"DDR" -> "SFU", ?xf16>, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#1) {
        ktdf.data_transfer from %A_m[0] size [%n] to %p#0 size [%n] : memref<64xf16, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", ?xf16>
      }
      ktdf.stage depends_in(%p#1) depends_out(none) {
        %x = ktdf.read_from_fifo %p#0 : <"DDR" -> "SFU", ?xf16> -> tensor<?xf16>
      } {applicable_units = ["SFU"]}
    }
    return
  }
}
