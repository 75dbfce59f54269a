// RUN: ktc-nest --disable=register-carry --disable=fuse-points --disable=fuse-pipelines --disable=stream-loops --disable=lane-transfers --disable=remainder-nests
// PARSE: --device=spyre --stage=sched.routed
// Y = X * rsqrt(mean(X^2) + eps) per row of a 256x4096 f16 matrix on a
// [4, 1] grid (tests/kernels/rowscale_colstep.mlir): each row walked twice
// by a column loop stepping by the launch argument BS over 1024-wide
// blocks, so coarsening loads a tile's T blocks with a transfer each,
// chunk t * T + k from a view of its own at offset row * 4096 +
// (t * T + k) * BS (here T = 1). resident-rows takes that form too (the
// later pass's views alike: same source, same base, same step; no bound on
// the chunks but the scratchpad, K = 495 a copy): the first pass's tiles
// t < min(n, K / T) load chunk t * T + k into %row[%copy, t * T + k] (two
// copies, %copy a buffer_phase of the row loop), the second pass's read it
// there and keep only Y's staging (their own, %row_stage). Simulated
// (spyre, corelets off): BS = 1024 31103 -> 29313 cycles, BS = 2048 18523
// -> 18674. The cost model takes it with the row's points split over the
// corelets (the program modeled 30994 -> 21894 cycles, bound by the device
// memory); with corelets off a corelet's compute bounds it, and it leaves
// the row alone.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @rowscale(%X: index, %Y: index, %eps: f16, %BS: index) attributes {grid = [4, 1]} {
      %pid = ktdp.get_compute_tile_id : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %row_start = arith.muli %pid, %c64 : index
      %row_end = arith.addi %row_start, %c64 : index
      scf.for %row = %row_start to %row_end step %c1 {
        call @local_schedule_0(%X, %Y, %BS, %row, %eps) : (index, index, index, index, f16) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, f16)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%X: index, %Y: index, %BS: index, %row: index, %eps: f16) attributes {grid = [4, 1]} {
      %c0 = arith.constant 0 : index
      %c4096 = arith.constant 4096 : index
      %X_view = ktdp.construct_memory_view %X, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
      %Y_view = ktdp.construct_memory_view %Y, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
      %sq_acc_buf = memref.alloc() : memref<1x1024xf16, "L1">
      %X_view_DDR = memref.memory_space_cast %X_view : memref<256x4096xf16> to memref<256x4096xf16, "DDR">
      %sum_sq_buf = memref.alloc() : memref<1xf16, "L1">
      %rstd_buf = memref.alloc() : memref<1xf16, "L1">
      %Y_view_DDR = memref.memory_space_cast %Y_view : memref<256x4096xf16> to memref<256x4096xf16, "DDR">
      %c1024 = arith.constant 1024 : index
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c1024 step %c64 {
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
              %0 = arith.constant 0.0 : f16
              linalg.yield %0 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %sq_acc_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x1024xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %col = %c0 to %c4096 step %BS {
        %1 = arith.muli %row, %c4096 : index
        %2 = arith.addi %col, %1 : index
        %X_acc = memref.reinterpret_cast %X_view_DDR to offset: [%2], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c1024 step %c64 {
          ktdf.pipeline {
            %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %3:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %3, %3#1, %4, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %X_acc[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %sq_acc_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x1024xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %x = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %acc_next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %x : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %5 = arith.mulf %in_1, %in_1 : f16
                %6 = arith.addf %in, %5 : f16
                linalg.yield %6 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %acc_next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [1, 64] to %sq_acc_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x1024xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1024xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1024xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1024xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sq_acc_buf[0, 0] size [1, 1024] to %p size [1, 1024] : memref<1x1024xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1024xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sq_acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1024xf16> -> tensor<1x1024xf16>
          %zero_scalar = arith.constant 0.0 : f16
          %init = tensor.splat %zero_scalar : tensor<1xf16>
          %sum_sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sq_acc : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %7 = arith.addf %out, %in : f16
            linalg.yield %7 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %sum_sq, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %sum_sq_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
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
          ktdf.data_transfer from %sum_sq_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum_sq = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %rstd = linalg.generic {indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum_sq : tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %n_f16 = arith.constant 4096.0 : f16
            %mean_sq = arith.divf %in, %n_f16 : f16
            %mean_sq_eps = arith.addf %mean_sq, %eps : f16
            %rstd_1 = math.rsqrt %mean_sq_eps : f16
            linalg.yield %rstd_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %rstd, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %rstd_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %c0 to %c4096 step %BS {
        %8 = arith.muli %row, %c4096 : index
        %9 = arith.addi %col, %8 : index
        %X_acc2 = memref.reinterpret_cast %X_view_DDR to offset: [%9], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        %Y_acc = memref.reinterpret_cast %Y_view_DDR to offset: [%9], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c1024 step %c64 {
          ktdf.pipeline {
            %p:10 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %10:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %11 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %10, %10#1, %11, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %X_acc2[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %x2 = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %rstd = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x2, %rstd : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %12 = arith.mulf %in, %in_1 : f16
                linalg.yield %12 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %y, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#9) {
              ktdf.data_transfer from %p#2 size [1, 64] to %p#8[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#9) depends_out(%p#5) {
              ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %Y_acc[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
