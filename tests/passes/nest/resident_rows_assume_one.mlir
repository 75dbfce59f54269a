// RUN: ktc-nest --disable=row-jam --disable=corelets --disable=splat-hoist --disable=register-carry --disable=fuse-points --disable=fuse-pipelines --disable=stream-loops --disable=lane-transfers --disable=remainder-nests --assume N=256
// PARSE: --device=spyre --stage=sched.routed
// resident_rows.mlir's kernel (tests/kernels/center_rows.mlir) with its
// width N assumed 256: one block a row, priced so (at most 1024 by the
// views). With two copies of the row buffer the next row's loads do not
// wait for this row's last pass, so keeping even a one-block row pays:
// resident-rows keeps it (the first pass's loop runs to min(n, 1024) into
// copy row mod 2). The code is correct for every N. Simulated (spyre, N =
// 256): 583 cycles with the row kept, 660 without (--disable=resident-rows).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @center(%X: index, %Y: index, %stride: index, %N: index) attributes {grid = [32, 1]} {
      %pid = ktdp.get_compute_tile_id : index
      %c32 = arith.constant 32 : index
      %M = arith.constant 64 : index
      scf.for %row = %pid to %M step %c32 {
        call @local_schedule_0(%X, %Y, %N, %row, %stride) : (index, index, index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%X: index, %Y: index, %N: index, %row: index, %stride: index) attributes {grid = [32, 1]} {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %X_v = ktdp.construct_memory_view %X, sizes: [262144], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 262143 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<262144xf16>
      %Y_v = ktdp.construct_memory_view %Y, sizes: [262144], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 262143 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<262144xf16>
      %N_i32 = arith.index_cast %N : index to i32
      %N_f = arith.sitofp %N_i32 : i32 to f16
      %row_start = arith.muli %row, %stride : index
      %sum_blk_buf = memref.alloc() : memref<256xf16, "L1">
      %X_v_DDR = memref.memory_space_cast %X_v : memref<262144xf16> to memref<262144xf16, "DDR">
      %sum_buf = memref.alloc() : memref<f16, "L1">
      %mean_buf = memref.alloc() : memref<1xf16, "L1">
      %Y_v_DDR = memref.memory_space_cast %Y_v : memref<262144xf16> to memref<262144xf16, "DDR">
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
        %xt = memref.reinterpret_cast %X_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<262144xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
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
            %mean_1 = arith.divf %in, %N_f : f16
            linalg.yield %mean_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %mean, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %mean_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %off = %c0 to %N step %c256 {
        %i = arith.addi %row_start, %off : index
        %xt = memref.reinterpret_cast %X_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<262144xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %yt = memref.reinterpret_cast %Y_v_DDR to offset: [%i], sizes: [256], strides: [1] : memref<262144xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        scf.for %i0 = %c0 to %c256 step %c64 {
          ktdf.pipeline {
            %p:10 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token) {
              %5:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %6 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %5, %5#1, %6, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %xt[%i0] size [64] to %p#6[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %p#6[0] size [64] to %p size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %mean : tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %7 = arith.subf %in, %in_1 : f16
                linalg.yield %7 : f16
              } -> tensor<64xf16>
              ktdf.write_to_fifo %y, %p#2 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#9) {
              ktdf.data_transfer from %p#2 size [64] to %p#8[0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#9) depends_out(%p#5) {
              ktdf.data_transfer from %p#8[0] size [64] to %yt[%i0] size [64] : memref<64xf16, "L1">, memref<256xf16, strided<[1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
