// RUN: ktc-path-expand
// PARSE: --device=devices/store_only.mlir --stage=sched.split
// A store of 4 f16 (8 bytes) into 256-byte HBM words on a device whose HBM
// has no load unit (devices/store_only.mlir): the read-modify-write has no
// unit to read the rest of the word.
module {
  module {
    func.func @fill4(%y: index) {
      call @local_schedule_0(%y) : (index) -> ()
      return
    }
    func.func private @local_schedule_0(index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%y: index) {
      %Y = ktdp.construct_memory_view %y, sizes: [1, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x4xf16>
      %Y_HBM = memref.memory_space_cast %Y : memref<1x4xf16> to memref<1x4xf16, "HBM">
      %t = memref.reinterpret_cast %Y_HBM to offset: [0], sizes: [1, 4], strides: [4, 1] : memref<1x4xf16, "HBM"> to memref<1x4xf16, strided<[4, 1]>, "HBM">
      ktdf.pipeline {
        %p:3 = ktdf.private -> (!ktdf.fifo.slot<"VPU" -> "HBM", 4xf16>, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"VPU" -> "HBM", 4xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %tok, %tok_1 : !ktdf.fifo.slot<"VPU" -> "HBM", 4xf16>, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#1) {
          %empty = tensor.empty() : tensor<1x4xf16>
          %one = arith.constant 1.0 : f16
          %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<1x4xf16>) {
          ^bb0(%out: f16):
            linalg.yield %one : f16
          } -> tensor<1x4xf16>
          ktdf.write_to_fifo %copy, %p : tensor<1x4xf16>, <"VPU" -> "HBM", 4xf16>
        } {applicable_units = ["VPU"]}
        ktdf.stage depends_in(%p#1) depends_out(%p#2) {
          ktdf.data_transfer from %p size [1, 4] to %t[0, 0] size [1, 4] : !ktdf.fifo.slot<"VPU" -> "HBM", 4xf16>, memref<1x4xf16, strided<[4, 1]>, "HBM">
        }
      }
      return
    }
  }
}
