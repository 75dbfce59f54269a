// RUN: ktc-nest --disable=corelets --disable=fuse-pipelines --disable=resident-rows --disable=register-folds
// PARSE: --device=spyre --stage=sched.routed
// broadcast, a kept buffer read by the remainder nests: layernorm forward on
// 23 rows of 1024 f16 over a grid of 4 (rows pid + 4 k: 6 or 5 a core, a
// dynamic trip count), three 256-wide column loops a row, the last reading
// W and B. The rows are tiled (whole tiles, then the remainder loop, whose
// column loops are nests of their own). W and B, read by every tile of the
// row loop, are filled once into %tile_in_1 and %tile_in_2 (one row each) by
// MNILU pipelines before it. The remainder's normalize nest reads the same
// elements a tile of columns at a time: instead of a %bcast of its own
// filled before the remainder loop, it reads the kept row, its tile %t's
// columns at [0, T * %t + %i, ..] (T its tile of column blocks, here 1:
// %t + %i_1), the same bytes in the same order.
module {
  module {
    func.func @layer_norm_rows(%X: index, %Y: index, %W: index, %B: index, %eps: f16) attributes {grid = [4, 1]} {
      %pid = ktdp.get_compute_tile_id : index
      %c32 = arith.constant 4 : index
      %M = arith.constant 23 : index
      scf.for %row = %pid to %M step %c32 {
        call @local_schedule_0(%X, %Y, %W, %B, %row, %eps) : (index, index, index, index, index, f16) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index, f16)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%X: index, %Y: index, %W: index, %B: index, %row: index, %eps: f16) attributes {grid = [4, 1]} {
      %c0 = arith.constant 0 : index
      %N = arith.constant 1024 : index
      %stride = arith.constant 1024 : index
      %c256 = arith.constant 256 : index
      %X_v = ktdp.construct_memory_view %X, sizes: [23552], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 23551 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<23552xf16>
      %Y_v = ktdp.construct_memory_view %Y, sizes: [23552], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 23551 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<23552xf16>
      %W_v = ktdp.construct_memory_view %W, sizes: [1024], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1024xf16>
      %B_v = ktdp.construct_memory_view %B, sizes: [1024], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1024xf16>
      %row_start = arith.muli %row, %stride : index
      %sum_blk_buf = memref.alloc() : memref<256xf16, "L1">
      %X_v_DDR = memref.memory_space_cast %X_v : memref<23552xf16> to memref<23552xf16, "DDR">
      %sum_buf = memref.alloc() : memref<f16, "L1">
      %mean_buf = memref.alloc() : memref<1xf16, "L1">
      %var_blk_buf = memref.alloc() : memref<256xf16, "L1">
      %vsum_buf = memref.alloc() : memref<f16, "L1">
      %rstd_buf = memref.alloc() : memref<1xf16, "L1">
      %W_v_DDR = memref.memory_space_cast %W_v : memref<1024xf16> to memref<1024xf16, "DDR">
      %B_v_DDR = memref.memory_space_cast %B_v : memref<1024xf16> to memref<1024xf16, "DDR">
      %Y_v_DDR = memref.memory_space_cast %Y_v : memref<23552xf16> to memref<23552xf16, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i0 = %c0 to %c256 step %c64 {
        ktdf.pipeline {
          %p:3 = ktdf.private -> (!ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %tok, %tok_1 : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#1) {
            %empty = tensor.empty() : tensor<64xf16>
            %copy = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%empty : tensor<64xf16>) {
            ^bb0(%out: f16):
              %0 = arith.constant 0.0 : f16
              linalg.yield %0 : f16
            } -> tensor<64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [64] to %sum_blk_buf[%i0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %off = %c0 to %N step %c256 {
        %i = arith.addi %row_start, %off : index
        %xt = memref.reinterpret_cast %X_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<23552xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        scf.for %i0 = %c0 to %c256 step %c64 {
          ktdf.pipeline {
            %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, !ktdf.token) {
              %1:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %1, %1#1, %2, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %xt[%i0] size [64] to %p#6[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %sum_blk_buf[%i0] size [64] to %p size [64] : memref<256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0] size [64] to %p#1 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %x = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<64xf16>
              %acc_next = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%acc, %x : tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %3 = arith.addf %in, %in_1 : f16
                linalg.yield %3 : f16
              } -> tensor<64xf16>
              ktdf.write_to_fifo %acc_next, %p#2 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [64] to %sum_blk_buf[%i0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<256xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
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
          ktdf.data_transfer from %sum_blk_buf[0] size [256] to %p size [256] : memref<256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum_blk = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<256xf16>
          %zero = arith.constant 0.0 : f16
          %init = tensor.splat %zero : tensor<f16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%sum_blk : tensor<256xf16>) outs(%init : tensor<f16>) {
          ^bb0(%in: f16, %out: f16):
            %4 = arith.addf %out, %in : f16
            linalg.yield %4 : f16
          } -> tensor<f16>
          ktdf.write_to_fifo %sum, %p#1 : tensor<f16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [] to %sum_buf[] size [] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<f16, "L1">
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
          ktdf.data_transfer from %sum_buf[] size [] to %p size [] : memref<f16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<f16>
          %empty = tensor.empty() : tensor<1xf16>
          %mean = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<f16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %N_f = arith.constant 1024.0 : f16
            %mean_1 = arith.divf %in, %N_f : f16
            linalg.yield %mean_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %mean, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %mean_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i0 = %c0 to %c256 step %c64 {
        ktdf.pipeline {
          %p:3 = ktdf.private -> (!ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %tok, %tok_1 : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#1) {
            %empty = tensor.empty() : tensor<64xf16>
            %copy = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%empty : tensor<64xf16>) {
            ^bb0(%out: f16):
              %5 = arith.constant 0.0 : f16
              linalg.yield %5 : f16
            } -> tensor<64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [64] to %var_blk_buf[%i0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %off = %c0 to %N step %c256 {
        %i = arith.addi %row_start, %off : index
        %xt = memref.reinterpret_cast %X_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<23552xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        scf.for %i0 = %c0 to %c256 step %c64 {
          ktdf.pipeline {
            %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, !ktdf.token) {
              %6:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %7 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %6, %6#1, %6#2, %7, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#8) {
              ktdf.data_transfer from %xt[%i0] size [64] to %p#7[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %var_blk_buf[%i0] size [64] to %p size [64] : memref<256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#7[0] size [64] to %p#1 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %x = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %mean = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<64xf16>
              %acc_next = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%acc, %x, %mean : tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
                %8 = arith.subf %in_1, %in_2 : f16
                %9 = arith.mulf %8, %8 : f16
                %10 = arith.addf %in, %9 : f16
                linalg.yield %10 : f16
              } -> tensor<64xf16>
              ktdf.write_to_fifo %acc_next, %p#3 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#6) {
              ktdf.data_transfer from %p#3 size [64] to %var_blk_buf[%i0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<256xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
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
          ktdf.data_transfer from %var_blk_buf[0] size [256] to %p size [256] : memref<256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %var_blk = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<256xf16>
          %zero = arith.constant 0.0 : f16
          %init = tensor.splat %zero : tensor<f16>
          %vsum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%var_blk : tensor<256xf16>) outs(%init : tensor<f16>) {
          ^bb0(%in: f16, %out: f16):
            %11 = arith.addf %out, %in : f16
            linalg.yield %11 : f16
          } -> tensor<f16>
          ktdf.write_to_fifo %vsum, %p#1 : tensor<f16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [] to %vsum_buf[] size [] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<f16, "L1">
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
          ktdf.data_transfer from %vsum_buf[] size [] to %p size [] : memref<f16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %vsum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<f16>
          %empty = tensor.empty() : tensor<1xf16>
          %rstd = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%vsum : tensor<f16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %N_f = arith.constant 1024.0 : f16
            %one = arith.constant 1.0 : f16
            %var = arith.divf %in, %N_f : f16
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
      scf.for %off = %c0 to %N step %c256 {
        %i = arith.addi %row_start, %off : index
        %xt = memref.reinterpret_cast %X_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<23552xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %wt = memref.reinterpret_cast %W_v_DDR to offset: [%off], sizes: [256], strides: [1] : memref<1024xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %bt = memref.reinterpret_cast %B_v_DDR to offset: [%off], sizes: [256], strides: [1] : memref<1024xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %yt = memref.reinterpret_cast %Y_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<23552xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        scf.for %i0 = %c0 to %c256 step %c64 {
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token) {
              %12:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %13 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<64xf16, "L1">
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %buf_2 = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %12, %12#1, %12#2, %12#3, %12#4, %13, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %xt[%i0] size [64] to %p#9[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %wt[%i0] size [64] to %p#10[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %bt[%i0] size [64] to %p#11[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0] size [64] to %p size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#10[0] size [64] to %p#3 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#11[0] size [64] to %p#4 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %w = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %b = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %mean, %rstd, %w, %b : tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %14 = arith.subf %in, %in_1 : f16
                %15 = arith.mulf %14, %in_2 : f16
                %16 = arith.mulf %15, %in_3 : f16
                %17 = arith.addf %16, %in_4 : f16
                linalg.yield %17 : f16
              } -> tensor<64xf16>
              ktdf.write_to_fifo %y, %p#5 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [64] to %p#13[0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0] size [64] to %yt[%i0] size [64] : memref<64xf16, "L1">, memref<256xf16, strided<[1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
