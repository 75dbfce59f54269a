// RUN: ktc-nest
// PARSE: --device=sample --stage=sched.routed
// y = exp(x) over 2 rows of 4096 f16 on one core: one elementwise pass
// (its vector loop of 64) in the row loop sink made part of the program.
// Whole rows a point (the row loop tiled) would load both rows, compute,
// then store, nothing overlapping; the cost model finds each row's vector
// loop tiled on its own faster, so the row loop stays around a tile loop
// over the row's vectors, streamed and double-buffered (row-phases counts
// the phases across the rows). Simulated: 786 cycles whole rows, 351 so.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @exp_2x4096(%x: index, %y: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %row = %c0 to %c2 step %c1 {
        call @local_schedule_0(%x, %y, %row) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %row: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [2, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x4096xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [2, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x4096xf16>
      %X_DDR = memref.memory_space_cast %X : memref<2x4096xf16> to memref<2x4096xf16, "DDR">
      %c4096 = arith.constant 4096 : index
      %0 = arith.muli %row, %c4096 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 4096], strides: [4096, 1] : memref<2x4096xf16, "DDR"> to memref<1x4096xf16, strided<[4096, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<2x4096xf16> to memref<2x4096xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 4096], strides: [4096, 1] : memref<2x4096xf16, "DDR"> to memref<1x4096xf16, strided<[4096, 1], offset: ?>, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c4096 step %c64 {
        ktdf.pipeline {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#6) {
            ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x4096xf16, strided<[4096, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %out: f16):
              %1 = math.exp %in : f16
              linalg.yield %1 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %o, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x4096xf16, strided<[4096, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
