// RUN: ktc-nest --disable=corelets --tile-sizes=2,1,1
// PARSE: --device=sample --stage=sched.routed
// remainder-pieces over independent parts: tests/kernels/dist_rows_dynamic.mlir
// as ktc-path-expand leaves it (its columns' blocks of 64, n known at
// launch, two halves of rows from two buffers), tiles of 2 blocks. Its
// two halves' loops touch no buffer the other writes, so the one block
// left at most runs as a loop of (n' mod 2) trips around a parallel loop
// of one block, which remainder-nests tiles as a nest of its own (here,
// the sample device's scratchpad, in tiles of 2 rows), instead of the
// remainder loop holding a nest per half (on spyre at n = 64: 1023 -> 462
// cycles).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @dist_rows_dynamic(%a0: index, %a1: index, %b: index, %n: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c_63 = arith.constant -63 : index
      %0 = arith.addi %n, %c_63 : index
      %c0_1 = arith.constant 0 : index
      %1 = arith.maxsi %0, %c0_1 : index
      %c64_1 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %2 = arith.addi %1, %c63 : index
      %3 = arith.divui %2, %c64_1 : index
      %4 = arith.muli %3, %c64_1 : index
      %5 = arith.addi %4, %c64_1 : index
      %6 = arith.minsi %n, %5 : index
      scf.for %c = %c0 to %0 step %c64 {
        call @local_schedule_0(%a0, %n, %b, %c) : (index, index, index, index) -> ()
        call @local_schedule_1(%a1, %n, %b, %c) : (index, index, index, index) -> ()
      }
      scf.for %c = %4 to %6 step %c64 {
        call @local_schedule_2(%a0, %n, %b, %c) : (index, index, index, index) -> ()
        call @local_schedule_3(%a1, %n, %b, %c) : (index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
    func.func private @local_schedule_1(index, index, index, index)
    func.func private @local_schedule_2(index, index, index, index)
    func.func private @local_schedule_3(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a0: index, %n: index, %b: index, %c: index) attributes {grid = [1]} {
      %A = ktdp.construct_memory_view %a0, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %c0 = arith.constant 0 : index
      %A_DDR = memref.memory_space_cast %A : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %ta = memref.reinterpret_cast %A_DDR to offset: [%c], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%c], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c8 step %c1 {
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
            ktdf.data_transfer from %ta[%i0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %out: f16):
              %0 = arith.addf %in, %in : f16
              linalg.yield %0 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %y, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %tb[%i0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
  module @local_schedule_1 {
    func.func @local_schedule_1(%a1: index, %n: index, %b: index, %c: index) attributes {grid = [1]} {
      %c_1024 = arith.constant -1024 : index
      %0 = arith.addi %a1, %c_1024 : index
      %A = ktdp.construct_memory_view %0, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %c8 = arith.constant 8 : index
      %A_DDR = memref.memory_space_cast %A : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %1 = arith.addi %c, %c1024 : index
      %ta = memref.reinterpret_cast %A_DDR to offset: [%1], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%1], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c8 step %c1 {
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
            ktdf.data_transfer from %ta[%i0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %out: f16):
              %2 = arith.addf %in, %in : f16
              linalg.yield %2 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %y, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %tb[%i0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
  module @local_schedule_2 {
    func.func @local_schedule_2(%a0: index, %n: index, %b: index, %c: index) attributes {grid = [1]} {
      %A = ktdp.construct_memory_view %a0, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %c0 = arith.constant 0 : index
      %A_DDR = memref.memory_space_cast %A : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %ta = memref.reinterpret_cast %A_DDR to offset: [%c], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %0 = arith.subi %n, %c : index
      %c64 = arith.constant 64 : index
      %1 = arith.minsi %0, %c64 : index
      %2 = arith.maxsi %1, %c0 : index
      %B_DDR = memref.memory_space_cast %B : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%c], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      %3 = arith.subi %2, %c1 : index
      %4 = arith.remsi %3, %c64 : index
      %5 = arith.subi %3, %4 : index
      %6 = arith.maxsi %5, %c0 : index
      scf.for %i1 = %c0 to %2 step %c64 {
        scf.for %i0 = %c0 to %c8 step %c1 {
          %7 = arith.subi %2, %i1 : index
          %8 = arith.minsi %7, %c64 : index
          %9 = arith.index_cast %8 : index to i32
          %10 = arith.sitofp %9 : i32 to f16
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
              ktdf.data_transfer from %ta[%i0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tb[%i0, %6] size [1, 64] to %p#7[0, 0] size [1, 64] {old_lanes} : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#3) {
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] {old_lanes} : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %11 = arith.addf %in, %in : f16
                linalg.yield %11 : f16
              } -> tensor<1x64xf16>
              %old = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y, %old, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
              ^bb0(%in: f16, %old_1: f16, %lane_1: f16, %out: f16):
                %12 = arith.cmpf olt, %lane_1, %10 : f16
                %13 = arith.select %12, %in, %old_1 : f16
                linalg.yield %13 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %masked, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#10) {
              ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#10) depends_out(%p#5) {
              ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %tb[%i0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
  module @local_schedule_3 {
    func.func @local_schedule_3(%a1: index, %n: index, %b: index, %c: index) attributes {grid = [1]} {
      %c_1024 = arith.constant -1024 : index
      %0 = arith.addi %a1, %c_1024 : index
      %A = ktdp.construct_memory_view %0, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [16, %n], strides: [128, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
      %c8 = arith.constant 8 : index
      %A_DDR = memref.memory_space_cast %A : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %1 = arith.addi %c, %c1024 : index
      %ta = memref.reinterpret_cast %A_DDR to offset: [%1], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %2 = arith.subi %n, %c : index
      %c64 = arith.constant 64 : index
      %3 = arith.minsi %2, %c64 : index
      %4 = arith.maxsi %3, %c0 : index
      %B_DDR = memref.memory_space_cast %B : memref<16x?xf16> to memref<16x?xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%1], sizes: [8, 64], strides: [128, 1] : memref<16x?xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %c1 = arith.constant 1 : index
      %5 = arith.subi %4, %c1 : index
      %6 = arith.remsi %5, %c64 : index
      %7 = arith.subi %5, %6 : index
      %8 = arith.maxsi %7, %c0 : index
      scf.for %i1 = %c0 to %4 step %c64 {
        scf.for %i0 = %c0 to %c8 step %c1 {
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
              ktdf.data_transfer from %ta[%i0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tb[%i0, %8] size [1, 64] to %p#7[0, 0] size [1, 64] {old_lanes} : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#3) {
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] {old_lanes} : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %13 = arith.addf %in, %in : f16
                linalg.yield %13 : f16
              } -> tensor<1x64xf16>
              %old = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y, %old, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
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
              ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %tb[%i0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
