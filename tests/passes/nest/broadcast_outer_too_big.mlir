// RUN: ktc-nest --disable=corelets --disable=shared-loads --tile-sizes=512,512 --disable=row-phases --disable=register-carry
// PARSE: --device=spyre --stage=sched.routed
// broadcast_outer.mlir on rows of 524288 f16 (1 MiB), tiles of 512 column
// blocks (16 tiles a row): filled once before the row loop, W's 16 tiles
// would take 1 MiB of the scratchpad, more than the quarter broadcast may
// take (of spyre's 2 MiB), so W does not fit: its bulk load stays in the
// column tile loop, one tile of W per tile of X (no %bcast).
module {
  module {
    func.func @row_scale(%x: index, %w: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c1 = arith.constant 1 : index
      %per = arith.constant 4 : index
      %rows = arith.muli %tile, %per : index
      %end = arith.addi %rows, %per : index
      scf.for %row = %rows to %end step %c1 {
        call @local_schedule_0(%x, %w, %y, %row) : (index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %w: index, %y: index, %row: index) attributes {grid = [2]} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c524288 = arith.constant 524288 : index
      %X = ktdp.construct_memory_view %x, sizes: [8, 524288], strides: [524288, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 524287 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x524288xf16>
      %W = ktdp.construct_memory_view %w, sizes: [1, 524288], strides: [524288, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 524287 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x524288xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, 524288], strides: [524288, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 524287 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x524288xf16>
      %sq_buf = memref.alloc() : memref<1x64xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<8x524288xf16> to memref<8x524288xf16, "DDR">
      %W_DDR = memref.memory_space_cast %W : memref<1x524288xf16> to memref<1x524288xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x524288xf16> to memref<8x524288xf16, "DDR">
      ktdf.pipeline {
        %p:3 = ktdf.private -> (!ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %tok, %tok_1 : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#1) {
          %empty = tensor.empty() : tensor<1x64xf16>
          %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<1x64xf16>) {
          ^bb0(%out: f16):
            %0 = arith.constant 0.0 : f16
            linalg.yield %0 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#1) depends_out(%p#2) {
          ktdf.data_transfer from %p size [1, 64] to %sq_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %c0 to %c524288 step %c64 {
        %1 = arith.muli %row, %c524288 : index
        %2 = arith.addi %col, %1 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%2], sizes: [1, 64], strides: [524288, 1] : memref<8x524288xf16, "DDR"> to memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %3:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %3, %3#1, %4, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %sq_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %5 = arith.maximumf %in, %in_1 : f16
              linalg.yield %5 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %sq_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      }
      scf.for %col = %c0 to %c524288 step %c64 {
        %6 = arith.muli %row, %c524288 : index
        %7 = arith.addi %col, %6 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%7], sizes: [1, 64], strides: [524288, 1] : memref<8x524288xf16, "DDR"> to memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">
        %tw = memref.reinterpret_cast %W_DDR to offset: [%col], sizes: [1, 64], strides: [524288, 1] : memref<1x524288xf16, "DDR"> to memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%7], sizes: [1, 64], strides: [524288, 1] : memref<8x524288xf16, "DDR"> to memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">
        ktdf.pipeline {
          %p:12 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %8:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %9 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %8, %8#1, %8#2, %9, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#9) {
            ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            ktdf.data_transfer from %tw[0, 0] size [1, 64] to %p#8[0, 0] size [1, 64] : memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#9) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %sq_buf[0, 0] size [1, 64] to %p#2 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %wv = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %sq = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %o2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %wv, %sq : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
              %10 = arith.mulf %in, %in_1 : f16
              %11 = arith.subf %10, %in_2 : f16
              linalg.yield %11 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %o2, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#5) depends_out(%p#11) {
            ktdf.data_transfer from %p#3 size [1, 64] to %p#10[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#11) depends_out(%p#6) {
            ktdf.data_transfer from %p#10[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[524288, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      }
      return
    }
  }
}
