// RUN: ktc-nest --stats 2>&1 >/dev/null
// PARSE: --stage=sched.routed
// PRINT: none
// fold-grid left alone: 150 rows of 64 f16 doubled over a grid of 64 on
// spyre's 32 cores, rows t, t + 64, ... (3 or 2 rows a tile) as
// ktc-path-expand leaves it. The row loop's bounds differ by tile and it
// is no block the tile masks (its lower bound is the tile id): folded, its
// rows would no longer be a tile's points, which the choice would have to
// price (rows t, t + 4 of a LayerNorm on sample ran 395 -> 758 cycles
// folded, nest.h). --stats says why; the tiles run as ktc-codegen hosts
// them.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @rows_grid64(%x: index, %y: index) attributes {grid = [64]} {
      %pid = ktdp.get_compute_tile_id : index
      %c64 = arith.constant 64 : index
      %c150 = arith.constant 150 : index
      scf.for %r = %pid to %c150 step %c64 {
        call @local_schedule_0(%x, %y, %r) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %r: index) attributes {grid = [64]} {
      %X = ktdp.construct_memory_view %x, sizes: [150, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 149 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<150x64xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [150, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 149 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<150x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<150x64xf16> to memref<150x64xf16, "DDR">
      %c64 = arith.constant 64 : index
      %0 = arith.muli %r, %c64 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 64], strides: [64, 1] : memref<150x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<150x64xf16> to memref<150x64xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 64], strides: [64, 1] : memref<150x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
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
          ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %out: f16):
            %1 = arith.addf %in, %in : f16
            linalg.yield %1 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#8) {
          ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#4) {
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
