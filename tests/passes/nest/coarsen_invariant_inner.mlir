// RUN: ktc-nest --disable=broadcast
// PARSE: --device=spyre --stage=sched.routed
// coarsening, an inner loop that moves nothing: tests/kernels/
// transpose_store.mlir as ktc-path-expand leaves it (the block's words
// moved, at constant subscripts, for each of the 64 columns a transposing
// read takes), broadcast off (it would hoist the load first, to the same
// effect): the bulk load fills one copy of the block a tile (its inner
// loop's dim 1, read at 0), not 64 (a stride-0 dim).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @transpose_store(%x: index, %y: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      scf.for %r = %c0 to %c128 step %c64 {
        call @local_schedule_0(%x, %y, %r) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %r: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [128, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [128, 64], strides: [1, 128] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<128x64xf16> to memref<128x64xf16, "DDR">
      %c64 = arith.constant 64 : index
      %0 = arith.muli %r, %c64 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [64, 64], strides: [64, 1] : memref<128x64xf16, "DDR"> to memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<128x64xf16> to memref<128x64xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%r], sizes: [64, 64], strides: [128, 1] : memref<128x64xf16, "DDR"> to memref<64x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c64 step %c1 {
        ktdf.pipeline {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<64x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#6) {
            ktdf.data_transfer from %tx[0, 0] size [64, 64] to %p#5[0, 0] size [64, 64] : memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<64x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[0, %i0] size [64, 1] to %p size [64, 1] : memref<64x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64x1xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<64x1xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %out: f16):
              %2 = arith.addf %in, %in : f16
              linalg.yield %2 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %1, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[%i0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<64x64xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
