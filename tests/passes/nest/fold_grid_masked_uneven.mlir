// RUN: ktc-nest
// PARSE: --stage=sched.routed
// fold-grid of a block the tile masks on a grid that does not divide among
// the cores: tests/kernels/vadd_grid977.mlir (Triton's masked vector add,
// blocks of 1024 over a grid of 977 on spyre's 32 cores) as
// ktc-path-expand leaves it. Folded, core c runs tiles c, c + 32, ...: 31
// of them on cores 0-16, 30 on the others, a count the tile id alone sets
// (not a constant). The old lanes of a block's last vector, hoisted into
// the folded loop, still take copies by its runs (buffer_phase(%tile),
// nest_row_loop: at least 2 runs on every tile id), so an empty tile's
// trip does not wait for the tile before's read of them (n = 5000 on
// spyre: 1497 cycles, 5001 with one copy).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @vadd_grid977(%x: index, %z: index, %y: index, %n: index) attributes {grid = [977]} {
      call @local_schedule_0(%x, %n, %z, %y) : (index, index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %n: index, %z: index, %y: index) attributes {grid = [977]} {
      %t = ktdp.get_compute_tile_id : index
      %c1024 = arith.constant 1024 : index
      %base = arith.muli %t, %c1024 : index
      %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %Z = ktdp.construct_memory_view %z, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %X_DDR = memref.memory_space_cast %X : memref<?xf16> to memref<?xf16, "DDR">
      %c0 = arith.constant 0 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%base], sizes: [1024], strides: [1] : memref<?xf16, "DDR"> to memref<1024xf16, strided<[1], offset: ?>, "DDR">
      %0 = arith.subi %n, %base : index
      %1 = arith.minsi %0, %c1024 : index
      %2 = arith.maxsi %1, %c0 : index
      %Z_DDR = memref.memory_space_cast %Z : memref<?xf16> to memref<?xf16, "DDR">
      %tz = memref.reinterpret_cast %Z_DDR to offset: [%base], sizes: [1024], strides: [1] : memref<?xf16, "DDR"> to memref<1024xf16, strided<[1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<?xf16> to memref<?xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%base], sizes: [1024], strides: [1] : memref<?xf16, "DDR"> to memref<1024xf16, strided<[1], offset: ?>, "DDR">
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      %3 = arith.subi %2, %c1 : index
      %4 = arith.remsi %3, %c64 : index
      %5 = arith.subi %3, %4 : index
      %6 = arith.maxsi %5, %c0 : index
      scf.for %i0 = %c0 to %2 step %c64 {
        %7 = arith.subi %2, %i0 : index
        %8 = arith.minsi %7, %c64 : index
        %9 = arith.index_cast %8 : index to i32
        %10 = arith.sitofp %9 : i32 to f16
        ktdf.pipeline {
          %p:13 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token) {
            %fifo:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<64xf16, "L1">
            %buf_1 = memref.alloc() : memref<64xf16, "L1">
            %buf_2 = memref.alloc() : memref<64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_3 = memref.alloc() : memref<64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo#2, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#10) {
            ktdf.data_transfer from %tx[%i0] size [64] to %p#7[0] size [64] : memref<1024xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            ktdf.data_transfer from %tz[%i0] size [64] to %p#8[0] size [64] : memref<1024xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            ktdf.data_transfer from %ty[%6] size [64] to %p#9[0] size [64] {old_lanes, unwritten} : memref<1024xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#10) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0] size [64] to %p size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#8[0] size [64] to %p#1 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#9[0] size [64] to %p#2 size [64] {old_lanes, unwritten} : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %b = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<64xf16>
            %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %11 = arith.addf %in, %in_1 : f16
              linalg.yield %11 : f16
            } -> tensor<64xf16>
            %old = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %lane = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]> : tensor<64xf16>
            %empty_1 = tensor.empty() : tensor<64xf16>
            %masked = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r, %old, %lane : tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty_1 : tensor<64xf16>) {
            ^bb0(%in: f16, %old_1: f16, %lane_1: f16, %out: f16):
              %12 = arith.cmpf olt, %lane_1, %10 : f16
              %13 = arith.select %12, %in, %old_1 : f16
              linalg.yield %13 : f16
            } -> tensor<64xf16>
            ktdf.write_to_fifo %masked, %p#3 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#5) depends_out(%p#12) {
            ktdf.data_transfer from %p#3 size [64] to %p#11[0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#12) depends_out(%p#6) {
            ktdf.data_transfer from %p#11[0] size [64] to %ty[%i0] size [64] : memref<64xf16, "L1">, memref<1024xf16, strided<[1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
