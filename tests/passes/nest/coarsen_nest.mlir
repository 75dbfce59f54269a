// RUN: ktc-nest --disable=corelets --disable=broadcast --tile-sizes=4
// PARSE: --device=sample --stage=sched.routed
// C = A + B on 16x128, per tile 8 rows of 2 column blocks of 64 (the
// nest sink_nest shows, sunk). The row loop is the point loop (the column
// loop inside it is an inner loop: constant trip count, pipelines only, and
// every DDR transfer moves with the row), tiled by 4: the bulk transfers
// move 4 rows x 2 blocks into buffers expanded by [4, 2] (views of
// [8, 2, 64] with strides [128, 64, 1]), the compute stage holds the row
// loop around the column loop, reading row (%ph, %i, %cb).
module {
  module {
    func.func @add2(%a: index, %b: index, %c: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %rows = arith.muli %tile, %c8 : index
      %end = arith.addi %rows, %c8 : index
      scf.for %row = %rows to %end step %c1 {
        scf.for %cb = %c0 to %c2 step %c1 {
          call @local_schedule_0(%a, %b, %c, %cb, %row) : (index, index, index, index, index) -> ()
        }
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %b: index, %c: index, %cb: index, %row: index) attributes {grid = [2]} {
      %c64 = arith.constant 64 : index
      %A = ktdp.construct_memory_view %a, sizes: [16, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
      %B = ktdp.construct_memory_view %b, sizes: [16, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
      %C = ktdp.construct_memory_view %c, sizes: [16, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
      %col = arith.muli %cb, %c64 : index
      %A_DDR = memref.memory_space_cast %A : memref<16x128xf16> to memref<16x128xf16, "DDR">
      %c128 = arith.constant 128 : index
      %0 = arith.muli %row, %c128 : index
      %1 = arith.addi %col, %0 : index
      %ta = memref.reinterpret_cast %A_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<16x128xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<16x128xf16> to memref<16x128xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<16x128xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %C_DDR = memref.memory_space_cast %C : memref<16x128xf16> to memref<16x128xf16, "DDR">
      %tc = memref.reinterpret_cast %C_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<16x128xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x64xf16, "L1">
          %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
          %tok_4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#8) {
          ktdf.data_transfer from %ta[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          ktdf.data_transfer from %tb[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %y = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %2 = arith.addf %in, %in_1 : f16
            linalg.yield %2 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %sum, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %tc[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
