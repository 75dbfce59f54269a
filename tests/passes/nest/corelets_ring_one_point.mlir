// RUN: ktc-nest
// PARSE: --device=spyre --stage=sched.routed
// tests/kernels/ring_softmax4.mlir as ktc-path-expand leaves it: per row,
// a tile's quarter of 8192 f16 in one point (the row loop tiled by 1 row,
// 2 phases, 2 instances), whose compute stage holds the two all-reduces'
// RING pipelines among the corelet-level passes and levels. A point loop
// of one point needs no splitting around them (nest_whole.c splits loops
// of two or more): corelet-blocks splits each corelet-level parallel loop
// of its body (the max's levels, the exp, the sum's levels, the division)
// over the 2 corelets as it does without a ring, and the RING pipelines,
// the partials' last vectors and the folds stay whole, the exchanges on
// the core's ring unit. Launched on spyre: 2034 cycles, 2661 with every
// pass on corelet 0.
module {
  module {
    func.func @softmax_kernel(%output_ptr: index, %input_ptr: index) attributes {grid = [4]} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %row = %c0 to %c2 step %c1 {
        call @local_schedule_0(%input_ptr, %output_ptr, %row) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%input_ptr: index, %output_ptr: index, %row: index) attributes {grid = [4]} {
      %t = ktdp.get_compute_tile_id : index
      %c8192 = arith.constant 8192 : index
      %col = arith.muli %t, %c8192 : index
      %in = ktdp.construct_memory_view %input_ptr, sizes: [2, 32768], strides: [32768, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 32767 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x32768xf16>
      %out = ktdp.construct_memory_view %output_ptr, sizes: [2, 32768], strides: [32768, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 32767 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x32768xf16>
      %in_DDR = memref.memory_space_cast %in : memref<2x32768xf16> to memref<2x32768xf16, "DDR">
      %c0 = arith.constant 0 : index
      %c32768 = arith.constant 32768 : index
      %0 = arith.muli %row, %c32768 : index
      %1 = arith.addi %col, %0 : index
      %ia = memref.reinterpret_cast %in_DDR to offset: [%1], sizes: [1, 8192], strides: [32768, 1] : memref<2x32768xf16, "DDR"> to memref<1x8192xf16, strided<[32768, 1], offset: ?>, "DDR">
      %pmax_buf = memref.alloc() : memref<1xf16, "L1">
      %buf = memref.alloc() : memref<1xf16, "L1">
      %buf_1 = memref.alloc() : memref<1xf16, "L1">
      %buf_2 = memref.alloc() : memref<1xf16, "L1">
      %o_buf = memref.alloc() : memref<1xf16, "L1">
      %e_buf = memref.alloc() : memref<1x8192xf16, "L1">
      %psum_buf = memref.alloc() : memref<1xf16, "L1">
      %buf_3 = memref.alloc() : memref<1xf16, "L1">
      %buf_4 = memref.alloc() : memref<1xf16, "L1">
      %buf_5 = memref.alloc() : memref<1xf16, "L1">
      %o_buf_1 = memref.alloc() : memref<1xf16, "L1">
      %out_DDR = memref.memory_space_cast %out : memref<2x32768xf16> to memref<2x32768xf16, "DDR">
      %oa = memref.reinterpret_cast %out_DDR to offset: [%1], sizes: [1, 8192], strides: [32768, 1] : memref<2x32768xf16, "DDR"> to memref<1x8192xf16, strided<[32768, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x8192xf16, "L1">, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf_6 = memref.alloc() : memref<1x8192xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf_6, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x8192xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#6) {
          ktdf.data_transfer from %ia[0, 0] size [1, 8192] to %p#5[0, 0] size [1, 8192] : memref<1x8192xf16, strided<[32768, 1], offset: ?>, "DDR">, memref<1x8192xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 8192] to %p size [1, 8192] : memref<1x8192xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 8192xf16> -> tensor<1x8192xf16>
          %neg_inf = arith.constant 0xFC00 : f16
          %init = tensor.splat %neg_inf : tensor<1xf16>
          %pmax = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x8192xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in_1: f16, %out_1: f16):
            %2 = arith.maxnumf %out_1, %in_1 : f16
            linalg.yield %2 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %pmax, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %pmax_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %pmax_buf[0] size [1] to %buf[0] size [1] {source_tiles = array<i64: 3, 0, 1, 2>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %pmax_buf[0] size [1] to %buf_1[0] size [1] {source_tiles = array<i64: 2, 3, 0, 1>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %pmax_buf[0] size [1] to %buf_2[0] size [1] {source_tiles = array<i64: 1, 2, 3, 0>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo:4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo#2, %fifo#3, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#5) {
          ktdf.data_transfer from %pmax_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf[0] size [1] to %p#1 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf_1[0] size [1] to %p#2 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf_2[0] size [1] to %p#3 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#5) depends_out(%p#6) {
          %pmax = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %3 = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %4 = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %5 = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %neg_inf = arith.constant 0xFC00 : f16
          %o = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%pmax, %3, %4, %5 : tensor<1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out_1: f16):
            %6 = arith.maxnumf %neg_inf, %in_1 : f16
            %7 = arith.maxnumf %6, %in_2 : f16
            %8 = arith.maxnumf %7, %in_3 : f16
            %9 = arith.maxnumf %8, %in_4 : f16
            linalg.yield %9 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %o, %p#4 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#7) {
          ktdf.data_transfer from %p#4 size [1] to %o_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c8192 step %c64 {
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %10:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %11 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf_6 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %10, %10#1, %11, %tok, %tok_1, %tok_2, %buf_6, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %ia[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x8192xf16, strided<[32768, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %o_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %o = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %o : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %12 = arith.subf %in_1, %in_2 : f16
              %13 = math.exp %12 : f16
              linalg.yield %13 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %e, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %e_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x8192xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %e_buf[0, 0] size [1, 8192] to %p size [1, 8192] : memref<1x8192xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8192xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 8192xf16> -> tensor<1x8192xf16>
          %zero = arith.constant 0.0 : f16
          %init = tensor.splat %zero : tensor<1xf16>
          %psum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<1x8192xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in_1: f16, %out_1: f16):
            %14 = arith.addf %out_1, %in_1 : f16
            linalg.yield %14 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %psum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %psum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %psum_buf[0] size [1] to %buf_3[0] size [1] {source_tiles = array<i64: 3, 0, 1, 2>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %psum_buf[0] size [1] to %buf_4[0] size [1] {source_tiles = array<i64: 2, 3, 0, 1>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %psum_buf[0] size [1] to %buf_5[0] size [1] {source_tiles = array<i64: 1, 2, 3, 0>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo:4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo#2, %fifo#3, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#5) {
          ktdf.data_transfer from %psum_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf_3[0] size [1] to %p#1 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf_4[0] size [1] to %p#2 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf_5[0] size [1] to %p#3 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#5) depends_out(%p#6) {
          %psum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %15 = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %16 = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %17 = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %zero = arith.constant 0.0 : f16
          %o = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%psum, %15, %16, %17 : tensor<1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out_1: f16):
            %18 = arith.addf %zero, %in_1 : f16
            %19 = arith.addf %18, %in_2 : f16
            %20 = arith.addf %19, %in_3 : f16
            %21 = arith.addf %20, %in_4 : f16
            linalg.yield %21 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %o, %p#4 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#7) {
          ktdf.data_transfer from %p#4 size [1] to %o_buf_1[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i1 = %c0 to %c8192 step %c64 {
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf_6 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf_6, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#3) {
            ktdf.data_transfer from %e_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x8192xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %o_buf_1[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %o = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %o : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %22 = arith.divf %in_1, %in_2 : f16
              linalg.yield %22 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %y, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#7) {
            ktdf.data_transfer from %p#2 size [1, 64] to %p#6[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#5) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %oa[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x8192xf16, strided<[32768, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
