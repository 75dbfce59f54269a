// RUN: ktc-nest --assume n=1000
// PARSE: --device=spyre --stage=sched.routed
// fuse-pipelines with row-corelets: fuse_wide_reduction.mlir's kernel (per
// row of n f16, 2 rows a core, the sum of its 256-wide blocks, reduced,
// splatted and stored), row-jam running the core's two rows side by side
// and row-corelets placing row 1's pipelines on corelet 1 (`corelet = 1`).
// Row 0's reduction joins row 0's splat past row 1's reduction (which
// moves before it, touching nothing either touches), the two rows'
// reductions staying apart, one a corelet (with row-corelets off they are
// one pipeline: fuse_wide_reduction.out). Row 1's splat stays apart from
// row 1's reduction: row 0's stores between them run on both corelets
// (split), which no row's pipeline joins past; early-splats then moves
// the splat before those stores (nest_early.c). The accumulation's
// pipelines stay a row's each too (carry-merge). Simulated
// on spyre (n = 1000, tests/passes/codegen/wide_reduce_kept.mlir): 509
// cycles, 550 with row-corelets off.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @sum_blocks_n(%x: index, %y: index, %n: index) attributes {grid = [4]} {
      %tile = ktdp.get_compute_tile_id : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      scf.for %row = %tile to %c8 step %c4 {
        call @local_schedule_0(%x, %n, %y, %row) : (index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %n: index, %y: index, %row: index) attributes {grid = [4]} {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
      %sum_buf = memref.alloc() : memref<1x256xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<8x?xf16> to memref<8x?xf16, "DDR">
      %red_buf = memref.alloc() : memref<1xf16, "L1">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x256xf16> to memref<8x256xf16, "DDR">
      %0 = arith.muli %row, %c256 : index
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 256], strides: [256, 1] : memref<8x256xf16, "DDR"> to memref<1x256xf16, strided<[256, 1], offset: ?>, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c256 step %c64 {
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
              %1 = arith.constant 0.0 : f16
              linalg.yield %1 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %sum_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %off = %c0 to %n step %c256 {
        %c1024 = arith.constant 1024 : index
        %2 = arith.muli %row, %c1024 : index
        %3 = arith.addi %off, %2 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%3], sizes: [1, 256], strides: [1024, 1] : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        %4 = arith.subi %n, %off : index
        %5 = arith.minsi %4, %c256 : index
        %6 = arith.maxsi %5, %c0 : index
        scf.for %i1 = %c0 to %c256 step %c64 {
          %c64_1 = arith.constant 64 : index
          %c0_1 = arith.constant 0 : index
          %7 = arith.subi %6, %i1 : index
          %8 = arith.maxsi %7, %c0_1 : index
          %9 = arith.minsi %8, %c64_1 : index
          %10 = arith.index_cast %9 : index to i32
          %11 = arith.sitofp %10 : i32 to f16
          ktdf.pipeline {
            %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %12:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %13 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %12, %12#1, %13, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %sum_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %zero = arith.constant dense<0.0> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %zero, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
              ^bb0(%in: f16, %old: f16, %lane_1: f16, %out: f16):
                %14 = arith.cmpf olt, %lane_1, %11 : f16
                %15 = arith.select %14, %in, %old : f16
                linalg.yield %15 : f16
              } -> tensor<1x64xf16>
              %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %masked : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %16 = arith.addf %in, %in_1 : f16
                linalg.yield %16 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [1, 64] to %sum_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {carried}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sum_buf[0, 0] size [1, 256] to %p size [1, 256] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<1x256xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %red = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sum : tensor<1x256xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %17 = arith.addf %out, %in : f16
            linalg.yield %17 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %red, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %red_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i1 = %c0 to %c256 step %c64 {
        ktdf.pipeline {
          %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %red_buf[0] size [1] to %p size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %red = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%red : tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %out: f16):
              linalg.yield %in : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#6) {
            ktdf.data_transfer from %p#1 size [1, 64] to %p#5[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#4) {
            ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x256xf16, strided<[256, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
