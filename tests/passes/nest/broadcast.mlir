// RUN: ktc-nest
// PARSE: --device=spyre --stage=sched.routed
// Y = X + b on 16 rows of 64 f16 over a grid of 2, b a row added to every
// row: its load reads the same elements at every point, so broadcast moves it
// into a one-stage MNILU pipeline before the tile loop filling %bcast once;
// the L1LU reads %bcast, and coarsening turns the loads of X into bulk ones.
module {
  module {
    func.func @bias_add(%x: index, %b: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c1 = arith.constant 1 : index
      %per = arith.constant 8 : index
      %rows = arith.muli %tile, %per : index
      %end = arith.addi %rows, %per : index
      scf.for %row = %rows to %end step %c1 {
        call @local_schedule_0(%x, %y, %b, %row) : (index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %b: index, %row: index) attributes {grid = [2]} {
      %X = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [16, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
      %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<16x64xf16> to memref<16x64xf16, "DDR">
      %c64 = arith.constant 64 : index
      %0 = arith.muli %row, %c64 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 64], strides: [64, 1] : memref<16x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<1x64xf16> to memref<1x64xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [0], sizes: [1, 64], strides: [64, 1] : memref<1x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<16x64xf16> to memref<16x64xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 64], strides: [64, 1] : memref<16x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
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
          ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          ktdf.data_transfer from %tb[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1]>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %xv = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %bv = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%xv, %bv : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %1 = arith.addf %in, %in_1 : f16
            linalg.yield %1 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %sum, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
