// RUN: ktc-nest --disable=corelets --disable=broadcast --disable=remainder-pieces --tile-sizes=3
// PARSE: --device=sample --stage=sched.routed
// Y = X + X on the rows tile, tile + 2, ... below a runtime %n of a 16x64
// block (grid of 2): the point loop's trip count ceildiv(n - tile, 2) is
// dynamic. Tiles of 3: the tile loop runs n' / 3 whole tiles (coarsened,
// double-buffered; the DDR views cover the at most 8 rows a tile id visits,
// the bound the transfers' offsets give), a remainder loop (the point loop
// as it was) the n' mod 3 rows left (remainder-pieces off: remainder_pieces.mlir).
module {
  module {
    func.func @rows_n(%a: index, %c: index, %n: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c2 = arith.constant 2 : index
      scf.for %row = %tile to %n step %c2 {
        call @local_schedule_0(%a, %c, %row) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %c: index, %row: index) attributes {grid = [2]} {
      %A = ktdp.construct_memory_view %a, sizes: [16, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
      %C = ktdp.construct_memory_view %c, sizes: [16, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
      %A_DDR = memref.memory_space_cast %A : memref<16x64xf16> to memref<16x64xf16, "DDR">
      %c64 = arith.constant 64 : index
      %0 = arith.muli %row, %c64 : index
      %ta = memref.reinterpret_cast %A_DDR to offset: [%0], sizes: [1, 64], strides: [64, 1] : memref<16x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %C_DDR = memref.memory_space_cast %C : memref<16x64xf16> to memref<16x64xf16, "DDR">
      %tc = memref.reinterpret_cast %C_DDR to offset: [%0], sizes: [1, 64], strides: [64, 1] : memref<16x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
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
          ktdf.data_transfer from %ta[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %out: f16):
            %1 = arith.addf %in, %in : f16
            linalg.yield %1 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %y, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#8) {
          ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#4) {
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %tc[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
