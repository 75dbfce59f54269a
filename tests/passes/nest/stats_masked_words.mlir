// RUN: ktc-nest --stats 2>&1 >/dev/null
// PARSE: --device=spyre --stage=sched.routed
// PRINT: none
// ktc-nest --stats of exp over 2 rows of 2049 f16 as ktc-path-expand
// leaves it (tests/kernels/exp_rows_2049.mlir): row 1 starts inside a
// 128-byte word, so its blocks (4 of 512, a last element) are stored
// under the byte mask, each moving the words it touches. The program's
// line counts those words: 4736 bytes a core written (4 x 1152 + 128),
// as the device moves them for row 1, not the 4098 the row holds.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @exp_rows_2049(%out: index, %in: index) attributes {grid = [2]} {
      call @local_schedule_0(%in, %out) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%in: index, %out: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %in, sizes: [2, 2049], strides: [2049, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2048 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x2049xf16>
      %Y = ktdp.construct_memory_view %out, sizes: [2, 2049], strides: [2049, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2048 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x2049xf16>
      %X_DDR = memref.memory_space_cast %X : memref<2x2049xf16> to memref<2x2049xf16, "DDR">
      %c2049 = arith.constant 2049 : index
      %0 = arith.muli %tile, %c2049 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 2049], strides: [2049, 1] : memref<2x2049xf16, "DDR"> to memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<2x2049xf16> to memref<2x2049xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 2049], strides: [2049, 1] : memref<2x2049xf16, "DDR"> to memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
      %c2048 = arith.constant 2048 : index
      %c512 = arith.constant 512 : index
      scf.for %i1 = %c0 to %c2048 step %c512 {
        %1 = arith.subi %i1, %c0 : index
        %2 = arith.constant 6 : index
        %3 = arith.divsi %1, %c512 : index
        %ph = arith.remsi %3, %2 : index
        ktdf.pipeline modulo(size : 6) {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x576xf16, "L1">, !ktdf.token, memref<6x1x576xf16, "L1">, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<6x1x576xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_1 = memref.alloc() : memref<6x1x576xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x576xf16, "L1">, !ktdf.token, memref<6x1x576xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#6) {
            ktdf.data_transfer from %tx[0, %i1 - (%0 + %i1) mod 64] size [1, 576] to %p#5[%ph, 0, 0] size [1, 1, 576] : memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">, memref<6x1x576xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[%ph, 0, (%0 + %i1) mod 64] size [1, 1, 512] to %p size [1, 512] : memref<6x1x576xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 512xf16> -> tensor<1x512xf16>
            %empty = tensor.empty() : tensor<1x512xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x512xf16>) outs(%empty : tensor<1x512xf16>) {
            ^bb0(%in_1: f16, %out_1: f16):
              %4 = math.exp %in_1 : f16
              linalg.yield %4 : f16
            } -> tensor<1x512xf16>
            ktdf.write_to_fifo %y, %p#1 : tensor<1x512xf16>, <"SFU" -> "L1SU", 512xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 512] to %p#7[%ph, 0, (%0 + %i1) mod 64] size [1, 1, 512] : !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>, memref<6x1x576xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[%ph, 0, (%0 + %i1) mod 64] size [1, 1, 512] to %ty[0, %i1] size [1, 512] {transfer_mode = "masked"} : memref<6x1x576xf16, "L1">, memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      %c1 = arith.constant 1 : index
      scf.for %i1 = %c2048 to %c2049 step %c1 {
        ktdf.pipeline {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#6) {
            ktdf.data_transfer from %tx[0, %i1 - (%0 + %i1) mod 64] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[0, (%0 + %i1) mod 64] size [1, 1] to %p size [1, 1] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1x1xf16>
            %empty = tensor.empty() : tensor<1x1xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x1xf16>) outs(%empty : tensor<1x1xf16>) {
            ^bb0(%in_1: f16, %out_1: f16):
              %5 = math.exp %in_1 : f16
              linalg.yield %5 : f16
            } -> tensor<1x1xf16>
            ktdf.write_to_fifo %y, %p#1 : tensor<1x1xf16>, <"SFU" -> "L1SU", 1xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 1] to %p#7[0, (%0 + %i1) mod 64] size [1, 1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, (%0 + %i1) mod 64] size [1, 1] to %ty[0, %i1] size [1, 1] {transfer_mode = "masked"} : memref<1x64xf16, "L1">, memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
