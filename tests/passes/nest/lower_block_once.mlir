// RUN: ktc-nest | ktc-allocate | ktc-lower
// PARSE: --stage=sched.routed
// ktc-lower: credits through loops of one trip. tests/kernels/block_once.mlir
// as ktc-path-expand leaves it on spyre: each core's one block (a loop of
// one trip) holds its lane-wide vectors' nest and the tail's loop after it.
// The MNILU waits for the L1LU's read of the vectors' buffers before its
// next write of them (channel 1: received at the top of the block's body,
// a credit given at the program's start, through the loops of one trip,
// drained at its end), not at the end of their pipeline: the tail's loads
// follow the vectors' at once (spyre: 610 cycles with the wait there, 434).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @block_once(%x: index, %y: index, %z: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %per = arith.constant 1000 : index
      %start = arith.muli %tile, %per : index
      %end = arith.addi %start, %per : index
      scf.for %i = %start to %end step %per {
        call @local_schedule_0(%x, %y, %z, %i) : (index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %z: index, %i: index) attributes {grid = [2]} {
      %X = ktdp.construct_memory_view %x, sizes: [2000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [2000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
      %Z = ktdp.construct_memory_view %z, sizes: [2000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2000xf16>
      %X_DDR = memref.memory_space_cast %X : memref<2000xf16> to memref<2000xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [%i], sizes: [1000], strides: [1] : memref<2000xf16, "DDR"> to memref<1000xf16, strided<[1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<2000xf16> to memref<2000xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%i], sizes: [1000], strides: [1] : memref<2000xf16, "DDR"> to memref<1000xf16, strided<[1], offset: ?>, "DDR">
      %Z_DDR = memref.memory_space_cast %Z : memref<2000xf16> to memref<2000xf16, "DDR">
      %tz = memref.reinterpret_cast %Z_DDR to offset: [%i], sizes: [1000], strides: [1] : memref<2000xf16, "DDR"> to memref<1000xf16, strided<[1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<576xf16, "L1">, memref<576xf16, "L1">, !ktdf.token, memref<576xf16, "L1">, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<576xf16, "L1">
          %buf_1 = memref.alloc() : memref<576xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %buf_2 = memref.alloc() : memref<576xf16, "L1">
          %tok_4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<576xf16, "L1">, memref<576xf16, "L1">, !ktdf.token, memref<576xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#8) {
          ktdf.data_transfer from %tx[-(%i mod 64)] size [576] to %p#6[0] size [576] : memref<1000xf16, strided<[1], offset: ?>, "DDR">, memref<576xf16, "L1">
          ktdf.data_transfer from %ty[-(%i mod 64)] size [576] to %p#7[0] size [576] : memref<1000xf16, strided<[1], offset: ?>, "DDR">, memref<576xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[%i mod 64] size [512] to %p size [512] : memref<576xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
          ktdf.data_transfer from %p#7[%i mod 64] size [512] to %p#1 size [512] : memref<576xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %vx = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 512xf16> -> tensor<512xf16>
          %vy = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 512xf16> -> tensor<512xf16>
          %empty = tensor.empty() : tensor<512xf16>
          %vz = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%vx, %vy : tensor<512xf16>, tensor<512xf16>) outs(%empty : tensor<512xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %0 = arith.addf %in, %in_1 : f16
            linalg.yield %0 : f16
          } -> tensor<512xf16>
          ktdf.write_to_fifo %vz, %p#2 : tensor<512xf16>, <"SFU" -> "L1SU", 512xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [512] to %p#9[%i mod 64] size [512] : !ktdf.fifo.slot<"SFU" -> "L1SU", 512xf16>, memref<576xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[%i mod 64] size [512] to %tz[0] size [512] {transfer_mode = "masked"} : memref<576xf16, "L1">, memref<1000xf16, strided<[1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      %c512 = arith.constant 512 : index
      %c1000 = arith.constant 1000 : index
      %c488 = arith.constant 488 : index
      scf.for %i0 = %c512 to %c1000 step %c488 {
        ktdf.pipeline {
          %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 488xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<576xf16, "L1">, memref<576xf16, "L1">, !ktdf.token, memref<576xf16, "L1">, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 488xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<576xf16, "L1">
            %buf_1 = memref.alloc() : memref<576xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_2 = memref.alloc() : memref<576xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 488xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<576xf16, "L1">, memref<576xf16, "L1">, !ktdf.token, memref<576xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#8) {
            ktdf.data_transfer from %tx[%i0 - (%i + %i0) mod 64] size [576] to %p#6[0] size [576] : memref<1000xf16, strided<[1], offset: ?>, "DDR">, memref<576xf16, "L1">
            ktdf.data_transfer from %ty[%i0 - (%i + %i0) mod 64] size [576] to %p#7[0] size [576] : memref<1000xf16, strided<[1], offset: ?>, "DDR">, memref<576xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[(%i + %i0) mod 64] size [488] to %p size [488] : memref<576xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>
            ktdf.data_transfer from %p#7[(%i + %i0) mod 64] size [488] to %p#1 size [488] : memref<576xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 488xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %vx = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 488xf16> -> tensor<488xf16>
            %vy = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 488xf16> -> tensor<488xf16>
            %empty = tensor.empty() : tensor<488xf16>
            %vz = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%vx, %vy : tensor<488xf16>, tensor<488xf16>) outs(%empty : tensor<488xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %1 = arith.addf %in, %in_1 : f16
              linalg.yield %1 : f16
            } -> tensor<488xf16>
            ktdf.write_to_fifo %vz, %p#2 : tensor<488xf16>, <"SFU" -> "L1SU", 488xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#10) {
            ktdf.data_transfer from %p#2 size [488] to %p#9[(%i + %i0) mod 64] size [488] : !ktdf.fifo.slot<"SFU" -> "L1SU", 488xf16>, memref<576xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#10) depends_out(%p#5) {
            ktdf.data_transfer from %p#9[(%i + %i0) mod 64] size [488] to %tz[%i0] size [488] {transfer_mode = "masked"} : memref<576xf16, "L1">, memref<1000xf16, strided<[1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
