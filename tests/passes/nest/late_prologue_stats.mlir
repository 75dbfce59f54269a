// RUN: ktc-nest --stats 2>&1 >/dev/null
// PARSE: --device=spyre --stage=sched.routed
// PRINT: none
// late-prologue's --stats line: tests/kernels/rmsnorm_weight_8x2048.mlir as
// ktc-path-expand leaves it (2 rows of 2048 f16 a core, the weight w
// broadcast to every row). broadcast hoists w's load (2048 f16, 4096
// bytes) into a prologue before the tile loop of 2 trips; late-prologue
// puts it after the first tile's load, in the loop's pipeline
// (rmsnorm_weight_8x2048.out shows the IR through ktc-lower).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @rmsnorm_weight_8x2048(%x: index, %w: index, %y: index) attributes {grid = [4]} {
      %tile = ktdp.get_compute_tile_id : index
      %c1 = arith.constant 1 : index
      %per = arith.constant 2 : index
      %start = arith.muli %tile, %per : index
      %end = arith.addi %start, %per : index
      scf.for %row = %start to %end step %c1 {
        call @local_schedule_0(%x, %w, %y, %row) : (index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %w: index, %y: index, %row: index) attributes {grid = [4]} {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [8, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x2048xf16>
      %W = ktdp.construct_memory_view %w, sizes: [2048], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2048xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x2048xf16>
      %X_DDR = memref.memory_space_cast %X : memref<8x2048xf16> to memref<8x2048xf16, "DDR">
      %c2048 = arith.constant 2048 : index
      %0 = arith.muli %row, %c2048 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 2048], strides: [2048, 1] : memref<8x2048xf16, "DDR"> to memref<1x2048xf16, strided<[2048, 1], offset: ?>, "DDR">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      %W_DDR = memref.memory_space_cast %W : memref<2048xf16> to memref<2048xf16, "DDR">
      %tw = memref.reinterpret_cast %W_DDR to offset: [0], sizes: [2048], strides: [1] : memref<2048xf16, "DDR"> to memref<2048xf16, strided<[1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x2048xf16> to memref<8x2048xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 2048], strides: [2048, 1] : memref<8x2048xf16, "DDR"> to memref<1x2048xf16, strided<[2048, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 2048xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x2048xf16, "L1">, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 2048xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x2048xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 2048xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x2048xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#6) {
          ktdf.data_transfer from %tx[0, 0] size [1, 2048] to %p#5[0, 0] size [1, 2048] : memref<1x2048xf16, strided<[2048, 1], offset: ?>, "DDR">, memref<1x2048xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 2048] to %p size [1, 2048] : memref<1x2048xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 2048xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 2048xf16> -> tensor<1x2048xf16>
          %zero = arith.constant 0.0 : f16
          %init = tensor.splat %zero : tensor<1xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<1x2048xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %1 = arith.mulf %in, %in : f16
            %2 = arith.addf %out, %1 : f16
            linalg.yield %2 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %sum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c2048 step %c64 {
        ktdf.pipeline {
          %p:12 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %3:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %buf_1 = memref.alloc() : memref<64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %3, %3#1, %3#2, %4, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#9) {
            ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x2048xf16, strided<[2048, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            ktdf.data_transfer from %tw[%i1] size [64] to %p#8[0] size [64] : memref<2048xf16, strided<[1]>, "DDR">, memref<64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#9) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %sum_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#8[0] size [64] to %p#2 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %sum = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %wv = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %ow = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %sum, %wv : tensor<1x64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
              %nf = arith.constant 2048.0 : f16
              %eps = arith.constant 0.001 : f16
              %mean = arith.divf %in_1, %nf : f16
              %me = arith.addf %mean, %eps : f16
              %rstd = math.rsqrt %me : f16
              %5 = arith.mulf %in, %rstd : f16
              %m = arith.mulf %5, %in_2 : f16
              linalg.yield %m : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %ow, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#5) depends_out(%p#11) {
            ktdf.data_transfer from %p#3 size [1, 64] to %p#10[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#11) depends_out(%p#6) {
            ktdf.data_transfer from %p#10[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x2048xf16, strided<[2048, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
