// RUN: ktc-nest --disable=corelets --disable=broadcast --disable=normalize --disable=tiling --disable=tile-size-selection --disable=coarsening --disable=double-buffering
// PARSE: --device=sample --stage=sched.routed
// Rows of n columns (n known at launch) in blocks of 64, the stores masked
// past n, as ktc-split's peel leaves them: the row loop holds the whole
// blocks' loop and the masked tail's, each calling a program of its own.
// sink moves each block loop into its program; the row loop's body is
// then two calls, of programs called nowhere else: the second program
// joins the first (its ops after the first's, one parameter for each
// operand the calls share), and the row loop sinks into it.
module {
  module {
    func.func @rows_peel(%x: index, %y: index, %n: index) attributes {grid = [2]} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %t = ktdp.get_compute_tile_id : index
      scf.for %row = %t to %c4 step %c2 {
        %c_63 = arith.constant -63 : index
        %0 = arith.addi %n, %c_63 : index
        %1 = arith.minsi %c128, %0 : index
        %c0_1 = arith.constant 0 : index
        %2 = arith.maxsi %1, %c0_1 : index
        %c64_1 = arith.constant 64 : index
        %c63 = arith.constant 63 : index
        %3 = arith.addi %2, %c63 : index
        %4 = arith.divui %3, %c64_1 : index
        %5 = arith.muli %4, %c64_1 : index
        %6 = arith.addi %5, %c64_1 : index
        %7 = arith.minsi %c128, %6 : index
        scf.for %col = %c0 to %1 step %c64 {
          call @local_schedule_0(%x, %n, %y, %row, %col) : (index, index, index, index, index) -> ()
        }
        scf.for %col = %5 to %7 step %c64 {
          call @local_schedule_1(%x, %n, %y, %row, %col) : (index, index, index, index, index) -> ()
        }
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index)
    func.func private @local_schedule_1(index, index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %n: index, %y: index, %row: index, %col: index) attributes {grid = [2]} {
      %X = ktdp.construct_memory_view %x, sizes: [4, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [4, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
      %X_DDR = memref.memory_space_cast %X : memref<4x?xf16> to memref<4x?xf16, "DDR">
      %c128 = arith.constant 128 : index
      %0 = arith.muli %row, %c128 : index
      %1 = arith.addi %col, %0 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<4x?xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<4x?xf16> to memref<4x?xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<4x?xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
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
          ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %out: f16):
            %2 = math.exp %in : f16
            linalg.yield %2 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %e, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#8) {
          ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#4) {
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
  module @local_schedule_1 {
    func.func @local_schedule_1(%x: index, %n: index, %y: index, %row: index, %col: index) attributes {grid = [2]} {
      %X = ktdp.construct_memory_view %x, sizes: [4, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [4, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
      %X_DDR = memref.memory_space_cast %X : memref<4x?xf16> to memref<4x?xf16, "DDR">
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %0 = arith.muli %row, %c128 : index
      %1 = arith.addi %col, %0 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<4x?xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %2 = arith.subi %n, %col : index
      %c64 = arith.constant 64 : index
      %3 = arith.minsi %2, %c64 : index
      %4 = arith.maxsi %3, %c0 : index
      %Y_DDR = memref.memory_space_cast %Y : memref<4x?xf16> to memref<4x?xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%1], sizes: [1, 64], strides: [128, 1] : memref<4x?xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %c1 = arith.constant 1 : index
      %5 = arith.subi %4, %c1 : index
      %6 = arith.remsi %5, %c64 : index
      %7 = arith.subi %5, %6 : index
      %8 = arith.maxsi %7, %c0 : index
      scf.for %i1 = %c0 to %4 step %c64 {
        %9 = arith.subi %4, %i1 : index
        %10 = arith.minsi %9, %c64 : index
        %11 = arith.index_cast %10 : index to i32
        %12 = arith.sitofp %11 : i32 to f16
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
            ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            ktdf.data_transfer from %ty[0, %8] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %out: f16):
              %13 = math.exp %in : f16
              linalg.yield %13 : f16
            } -> tensor<1x64xf16>
            %old = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
            %empty_1 = tensor.empty() : tensor<1x64xf16>
            %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %old, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
            ^bb0(%in: f16, %old_1: f16, %lane_1: f16, %out: f16):
              %14 = arith.cmpf olt, %lane_1, %12 : f16
              %15 = arith.select %14, %in, %old_1 : f16
              linalg.yield %15 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %masked, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#10) {
            ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#10) depends_out(%p#5) {
            ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
