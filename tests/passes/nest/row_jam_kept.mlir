// RUN: ktc-nest --stats --assume n=1000 2>&1 >/dev/null
// PARSE: --stage=sched.routed
// PRINT: none
// row-jam kept by the cost model: tests/kernels/layernorm_rows_n.mlir as
// ktc-path-expand leaves it (Triton's LayerNorm, loops to n, 16 rows a
// core), priced at n = 1000. Jammed 4 rows a run, then 8 (the stage run
// again from its input), each run's rows placed on the two corelets by
// row-corelets (the model prices each corelet's rows side by side), the
// program is modeled as fast with 4 as with 8 (a tie: the run of more
// rows) and faster than without row-jam, so 8 rows a run stay; --stats
// gives that run's lines and the choice (simulated on spyre at n = 1000:
// 5183 cycles without row-jam, 4205 with; 4 rows a run, 4272; 8 without
// row-corelets, 4240). resident-rows then keeps the 8 rows of each run, a
// row buffer each, and W and B once (4191 -> 3044 cycles, the program
// modeled 4049 -> 2535; 2984 with W and B loaded a row).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @layernorm_rows_n(%x: index, %w: index, %b: index, %y: index, %n: index, %eps: f16) attributes {grid = [4]} {
      %tile = ktdp.get_compute_tile_id : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 64 : index
      scf.for %row = %tile to %c8 step %c4 {
        call @local_schedule_0(%x, %n, %y, %w, %b, %row, %eps) : (index, index, index, index, index, index, f16) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index, index, f16)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %n: index, %y: index, %w: index, %b: index, %row: index, %eps: f16) attributes {grid = [4]} {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %X = ktdp.construct_memory_view %x, sizes: [64, %n], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [64, %n], strides: [1024, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
      %W = ktdp.construct_memory_view %w, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %n32 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %n32 : i32 to f16
      %c_255 = arith.constant -255 : index
      %0 = arith.addi %n, %c_255 : index
      %c0_1 = arith.constant 0 : index
      %1 = arith.maxsi %0, %c0_1 : index
      %c256_1 = arith.constant 256 : index
      %c255 = arith.constant 255 : index
      %2 = arith.addi %1, %c255 : index
      %3 = arith.divui %2, %c256_1 : index
      %4 = arith.muli %3, %c256_1 : index
      %5 = arith.addi %4, %c256_1 : index
      %6 = arith.minsi %n, %5 : index
      %sum_blk_buf = memref.alloc() : memref<1x256xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<64x?xf16> to memref<64x?xf16, "DDR">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      %mean_buf = memref.alloc() : memref<1xf16, "L1">
      %var_blk_buf = memref.alloc() : memref<1x256xf16, "L1">
      %vsum_buf = memref.alloc() : memref<1xf16, "L1">
      %rstd_buf = memref.alloc() : memref<1xf16, "L1">
      %W_DDR = memref.memory_space_cast %W : memref<?xf16> to memref<?xf16, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<?xf16> to memref<?xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<64x?xf16> to memref<64x?xf16, "DDR">
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
              %7 = arith.constant 0.0 : f16
              linalg.yield %7 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %sum_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %off = %c0 to %n step %c256 {
        %c1024 = arith.constant 1024 : index
        %8 = arith.muli %row, %c1024 : index
        %9 = arith.addi %off, %8 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%9], sizes: [1, 256], strides: [1024, 1] : memref<64x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        %10 = arith.subi %n, %off : index
        %11 = arith.minsi %10, %c256 : index
        %12 = arith.maxsi %11, %c0 : index
        scf.for %i1 = %c0 to %c256 step %c64 {
          %c64_1 = arith.constant 64 : index
          %c0_2 = arith.constant 0 : index
          %13 = arith.subi %12, %i1 : index
          %14 = arith.maxsi %13, %c0_2 : index
          %15 = arith.minsi %14, %c64_1 : index
          %16 = arith.index_cast %15 : index to i32
          %17 = arith.sitofp %16 : i32 to f16
          ktdf.pipeline {
            %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %18:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %19 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %18, %18#1, %19, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %sum_blk_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
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
                %20 = arith.cmpf olt, %lane_1, %17 : f16
                %21 = arith.select %20, %in, %old : f16
                linalg.yield %21 : f16
              } -> tensor<1x64xf16>
              %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %masked : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %22 = arith.addf %in, %in_1 : f16
                linalg.yield %22 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [1, 64] to %sum_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
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
          ktdf.data_transfer from %sum_blk_buf[0, 0] size [1, 256] to %p size [1, 256] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum_blk = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<1x256xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sum_blk : tensor<1x256xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %23 = arith.addf %out, %in : f16
            linalg.yield %23 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %sum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sum_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %mean = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %mean_1 = arith.divf %in, %nf : f16
            linalg.yield %mean_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %mean, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %mean_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
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
              %24 = arith.constant 0.0 : f16
              linalg.yield %24 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %var_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %off = %c0 to %n step %c256 {
        %25 = arith.subi %n, %off : index
        %c1024 = arith.constant 1024 : index
        %26 = arith.muli %row, %c1024 : index
        %27 = arith.addi %off, %26 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%27], sizes: [1, 256], strides: [1024, 1] : memref<64x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c256 step %c64 {
          ktdf.pipeline {
            %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %28:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %29 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %28, %28#1, %28#2, %29, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#8) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %var_blk_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %mean = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %zs = arith.constant 0.0 : f16
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %30 = arith.subi %25, %i1 : index
              %c64_1 = arith.constant 64 : index
              %c_1 = arith.constant -1 : index
              %31 = arith.maxsi %30, %c_1 : index
              %32 = arith.minsi %31, %c64_1 : index
              %33 = arith.index_cast %32 : index to i32
              %34 = arith.sitofp %33 : i32 to f16
              %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %v, %mean, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %lane_1: f16, %out: f16):
                %35 = arith.cmpf olt, %lane_1, %34 : f16
                %c = arith.subf %in_1, %in_2 : f16
                %r = arith.select %35, %c, %zs : f16
                %36 = arith.mulf %r, %r : f16
                %37 = arith.addf %in, %36 : f16
                linalg.yield %37 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %next, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#6) {
              ktdf.data_transfer from %p#3 size [1, 64] to %var_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
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
          ktdf.data_transfer from %var_blk_buf[0, 0] size [1, 256] to %p size [1, 256] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %var_blk = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<1x256xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %vsum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%var_blk : tensor<1x256xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %38 = arith.addf %out, %in : f16
            linalg.yield %38 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %vsum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %vsum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %vsum_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %vsum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %rstd = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%vsum : tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %one = arith.constant 1.0 : f16
            %var = arith.divf %in, %nf : f16
            %ve = arith.addf %var, %eps : f16
            %sd = math.sqrt %ve : f16
            %rstd_1 = arith.divf %one, %sd : f16
            linalg.yield %rstd_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %rstd, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %rstd_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %off = %c0 to %0 step %c256 {
        %c1024 = arith.constant 1024 : index
        %39 = arith.muli %row, %c1024 : index
        %40 = arith.addi %off, %39 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%40], sizes: [1, 256], strides: [1024, 1] : memref<64x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        %tw = memref.reinterpret_cast %W_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %tb = memref.reinterpret_cast %B_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%40], sizes: [1, 256], strides: [1024, 1] : memref<64x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c256 step %c64 {
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %41:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %42 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %buf_2 = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %41, %41#1, %41#2, %41#3, %41#4, %42, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#9[0, 0] size [1, 64] : memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tw[%i1] size [64] to %p#10[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %tb[%i1] size [64] to %p#11[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#10[0] size [64] to %p#3 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#11[0] size [64] to %p#4 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 64] to %p#13[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      scf.for %off = %4 to %6 step %c256 {
        %c1024 = arith.constant 1024 : index
        %43 = arith.muli %row, %c1024 : index
        %44 = arith.addi %off, %43 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%44], sizes: [1, 256], strides: [1024, 1] : memref<64x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        %45 = arith.subi %n, %off : index
        %46 = arith.minsi %45, %c256 : index
        %47 = arith.maxsi %46, %c0 : index
        %tw = memref.reinterpret_cast %W_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %tb = memref.reinterpret_cast %B_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%44], sizes: [1, 256], strides: [1024, 1] : memref<64x?xf16, "DDR"> to memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
        %c1 = arith.constant 1 : index
        %48 = arith.subi %47, %c1 : index
        %49 = arith.remsi %48, %c64 : index
        %50 = arith.subi %48, %49 : index
        %51 = arith.maxsi %50, %c0 : index
        scf.for %i1 = %c0 to %47 step %c64 {
          %52 = arith.subi %47, %i1 : index
          %53 = arith.minsi %52, %c64 : index
          %54 = arith.index_cast %53 : index to i32
          %55 = arith.sitofp %54 : i32 to f16
          ktdf.pipeline {
            %p:17 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %56:6 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %57 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %buf_2 = memref.alloc() : memref<64xf16, "L1">
              %buf_3 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_4 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %56, %56#1, %56#2, %56#3, %56#4, %56#5, %57, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %buf_3, %tok_3, %buf_4, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#14) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#10[0, 0] size [1, 64] : memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tw[%i1] size [64] to %p#11[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %tb[%i1] size [64] to %p#12[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %ty[0, %51] size [1, 64] to %p#13[0, 0] size [1, 64] {old_lanes, unwritten} : memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#7) {
              ktdf.data_transfer from %p#10[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#11[0] size [64] to %p#3 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#12[0] size [64] to %p#4 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#13[0, 0] size [1, 64] to %p#5 size [1, 64] {old_lanes, unwritten} : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#8) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x64xf16>
              %old = ktdf.read_from_fifo %p#5 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%o, %old, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
              ^bb0(%in: f16, %old_1: f16, %lane_1: f16, %out: f16):
                %58 = arith.cmpf olt, %lane_1, %55 : f16
                %59 = arith.select %58, %in, %old_1 : f16
                linalg.yield %59 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %masked, %p#6 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#16) {
              ktdf.data_transfer from %p#6 size [1, 64] to %p#15[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#16) depends_out(%p#9) {
              ktdf.data_transfer from %p#15[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x256xf16, strided<[1024, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
