// RUN: ktc-nest --disable=corelets
// PARSE: --device=spyre --stage=sched.routed
// broadcast, a kept load that empties its stage: Y[r] = W + W on 64 rows of
// 256 f16 over a grid of 2 (rows t + 2 k), W one row every row reads. The
// tile loop's only device-memory load is W's, the same at every tile: it
// moves before the loop into a one-stage MNILU pipeline filling %tile_in
// once (one row, not phased), and the loop's DMA stage, left empty, goes:
// the compute waits for nothing in the tile loop's pipeline, the store stage
// for the compute. The cost model charges W once and its latency before the
// first tile (no load of the tiles lands after it).
module {
  module {
    func.func @bcast_rows(%w: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %c64r = arith.constant 64 : index
      scf.for %row = %tile to %c64r step %c2 {
        scf.for %col = %c0 to %c256 step %c64 {
          call @local_schedule_0(%w, %y, %col, %row) : (index, index, index, index) -> ()
        }
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%w: index, %y: index, %col: index, %row: index) attributes {grid = [2]} {
      %W = ktdp.construct_memory_view %w, sizes: [1, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x256xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [64, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x256xf16>
      %W_DDR = memref.memory_space_cast %W : memref<1x256xf16> to memref<1x256xf16, "DDR">
      %tw = memref.reinterpret_cast %W_DDR to offset: [%col], sizes: [1, 64], strides: [256, 1] : memref<1x256xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<64x256xf16> to memref<64x256xf16, "DDR">
      %c256 = arith.constant 256 : index
      %0 = arith.muli %row, %c256 : index
      %1 = arith.addi %col, %0 : index
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%1], sizes: [1, 64], strides: [256, 1] : memref<64x256xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
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
          ktdf.data_transfer from %tw[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %wv = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%wv : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %out: f16):
            %2 = arith.addf %in, %in : f16
            linalg.yield %2 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %o, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#8) {
          ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#4) {
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
