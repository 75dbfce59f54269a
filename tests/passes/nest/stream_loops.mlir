// RUN: ktc-nest
// PARSE: --device=spyre --stage=sched.routed
// corelets_ring's input with every transformation: stream-loops
// makes each 16-vector loop left in a corelet split one pipeline whose
// stages hold the loop: the zeroing of %sq_buf (a compute stage of
// constants and a store, no load) and the accumulation, which loads back
// %sq_buf[%inst, 0, %i1 * 64] just where the same iteration stores it (a
// per-vector accumulator: no iteration reads what another stores).
// The scaling pass (a loop over the row's blocks, each a loop over its
// vectors) reads the splatted rstd the pipeline before it computes:
// fuse-pipelines streams that nest and joins the two, the rstd kept in a
// register (no splat vector stored, loaded and sent). The kernel compiled
// whole (tests/kernels/rmsnorm_2x2.mlir): 31193 cycles on spyre in tiles
// of 2 rows (roofline 30993; 45801 without stream-loops).
module {
  module {
    func.func @rmsnorm_2x2(%X: index, %Y: index, %W: index, %N: index, %eps: f16) attributes {grid = [2, 2]} {
      %pid_r, %pid_h = ktdp.get_compute_tile_id : index, index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %row_start = arith.muli %pid_r, %c128 : index
      %row_end = arith.addi %row_start, %c128 : index
      scf.for %row = %row_start to %row_end step %c1 {
        call @local_schedule_0(%X, %W, %Y, %N, %row, %eps) : (index, index, index, index, index, f16) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index, f16)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%X: index, %W: index, %Y: index, %N: index, %row: index, %eps: f16) attributes {grid = [2, 2]} {
      %pid_r, %pid_h = ktdp.get_compute_tile_id : index, index
      %c1024 = arith.constant 1024 : index
      %c2048 = arith.constant 2048 : index
      %col_start = arith.muli %pid_h, %c2048 : index
      %col_end = arith.addi %col_start, %c2048 : index
      %X_view = ktdp.construct_memory_view %X, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
      %X_view_1 = ktdp.construct_memory_view %X, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
      %W_view = ktdp.construct_memory_view %W, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
      %Y_view = ktdp.construct_memory_view %Y, sizes: [256, 4096], strides: [4096, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 4095 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<256x4096xf16>
      %N_i32 = arith.index_cast %N : index to i32
      %N_f16 = arith.sitofp %N_i32 : i32 to f16
      %sq_buf = memref.alloc() : memref<1x1024xf16, "L1">
      %X_view_DDR = memref.memory_space_cast %X_view_1 : memref<256x4096xf16> to memref<256x4096xf16, "DDR">
      %part_buf = memref.alloc() : memref<1xf16, "L1">
      %buf = memref.alloc() : memref<1xf16, "L1">
      %rstd_buf = memref.alloc() : memref<1xf16, "L1">
      %X_view_DDR_1 = memref.memory_space_cast %X_view : memref<256x4096xf16> to memref<256x4096xf16, "DDR">
      %W_view_DDR = memref.memory_space_cast %W_view : memref<256x4096xf16> to memref<256x4096xf16, "DDR">
      %Y_view_DDR = memref.memory_space_cast %Y_view : memref<256x4096xf16> to memref<256x4096xf16, "DDR">
      %c0 = arith.constant 0 : index
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
            ktdf.data_transfer from %p size [1, 64] to %sq_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x1024xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %col = %col_start to %col_end step %c1024 {
        %c4096 = arith.constant 4096 : index
        %1 = arith.muli %row, %c4096 : index
        %2 = arith.addi %col, %1 : index
        %tx = memref.reinterpret_cast %X_view_DDR to offset: [%2], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c1024 step %c64 {
          ktdf.pipeline {
            %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %3:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %3, %3#1, %4, %tok, %tok_1, %tok_2, %buf_1, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %sq_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x1024xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %x = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %x : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %5 = arith.mulf %in_1, %in_1 : f16
                %6 = arith.addf %in, %5 : f16
                linalg.yield %6 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [1, 64] to %sq_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x1024xf16, "L1">
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
          ktdf.data_transfer from %sq_buf[0, 0] size [1, 1024] to %p size [1, 1024] : memref<1x1024xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1024xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sq = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1024xf16> -> tensor<1x1024xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %part = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %7 = arith.addf %out, %in : f16
            linalg.yield %7 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %part, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %part_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p = ktdf.private -> (!ktdf.token) {
          %tok = ktdf.create_token : !ktdf.token
          ktdf.private_yield %tok : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p) {
          ktdf.data_transfer from %part_buf[0] size [1] to %buf[0] size [1] {source_tiles = array<i64: 2, 3, 0, 1>} : memref<1xf16, "L1">, memref<1xf16, "L1">
        } {applicable_units = ["RING"]}
      }
      ktdf.pipeline {
        %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#3) {
          ktdf.data_transfer from %part_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          ktdf.data_transfer from %buf[0] size [1] to %p#1 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %part = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %8 = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %zs = arith.constant 0.0 : f16
          %rstd = linalg.generic {indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%part, %8 : tensor<1xf16>, tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %9 = arith.addf %zs, %in : f16
            %10 = arith.addf %9, %in_1 : f16
            %mean = arith.divf %10, %N_f16 : f16
            %me = arith.addf %mean, %eps : f16
            %rstd_1 = math.rsqrt %me : f16
            linalg.yield %rstd_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %rstd, %p#2 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1] to %rstd_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %col_start to %col_end step %c1024 {
        %c4096 = arith.constant 4096 : index
        %11 = arith.muli %row, %c4096 : index
        %12 = arith.addi %col, %11 : index
        %tx = memref.reinterpret_cast %X_view_DDR_1 to offset: [%12], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        %tw = memref.reinterpret_cast %W_view_DDR to offset: [%12], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_view_DDR to offset: [%12], sizes: [1, 1024], strides: [4096, 1] : memref<256x4096xf16, "DDR"> to memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c1024 step %c64 {
          ktdf.pipeline {
            %p:12 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %13:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %14 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
              %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %13, %13#1, %13#2, %14, %tok, %tok_1, %tok_2, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#9) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tw[0, %i1] size [1, 64] to %p#8[0, 0] size [1, 64] : memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#9) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %p#2 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %rstd = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %w = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %rstd, %w : tensor<1x64xf16>, tensor<64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
                %15 = arith.mulf %in, %in_1 : f16
                %16 = arith.mulf %15, %in_2 : f16
                linalg.yield %16 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %y, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#11) {
              ktdf.data_transfer from %p#3 size [1, 64] to %p#10[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#11) depends_out(%p#6) {
              ktdf.data_transfer from %p#10[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x1024xf16, strided<[4096, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
