// RUN: ktc-nest --stats 2>&1 >/dev/null
// PARSE: --device=spyre --stage=sched.routed
// PRINT: none
// reuse-results refused for the places read: tests/kernels/
// softmax_blocks_kept.mlir with its sum pass over the row's first 1024
// columns only (`scf.for %col = %c0 to %half`, %half = 1024), the output
// pass over all 2048. Both compute exp(x - max) alike, but the output
// pass reads elements the sum pass never loaded, so their values were
// never kept: it computes them itself (compiled whole, random inputs:
// matching ktc-interp).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @softmax_blocks_kept(%x: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c1 = arith.constant 1 : index
      %per = arith.constant 2 : index
      %rows = arith.muli %tile, %per : index
      %end = arith.addi %rows, %per : index
      scf.for %row = %rows to %end step %c1 {
        call @local_schedule_0(%x, %y, %row) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %row: index) attributes {grid = [2]} {
      %c0 = arith.constant 0 : index
      %c512 = arith.constant 512 : index
      %c2048 = arith.constant 2048 : index
      %half = arith.constant 1024 : index
      %X = ktdp.construct_memory_view %x, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [4, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x2048xf16>
      %mv_buf = memref.alloc() : memref<1x512xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<4x2048xf16> to memref<4x2048xf16, "DDR">
      %max_buf = memref.alloc() : memref<1xf16, "L1">
      %sv_buf = memref.alloc() : memref<1x512xf16, "L1">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      %Y_DDR = memref.memory_space_cast %Y : memref<4x2048xf16> to memref<4x2048xf16, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c512 step %c64 {
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
              %0 = arith.constant 0xFC00 : f16
              linalg.yield %0 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %mv_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x512xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %col = %c0 to %c2048 step %c512 {
        %1 = arith.muli %row, %c2048 : index
        %2 = arith.addi %col, %1 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%2], sizes: [1, 512], strides: [2048, 1] : memref<4x2048xf16, "DDR"> to memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c512 step %c64 {
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
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %mv_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x512xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %5 = arith.maximumf %in, %in_1 : f16
                linalg.yield %5 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %n, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [1, 64] to %mv_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x512xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {carried}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %mv_buf[0, 0] size [1, 512] to %p size [1, 512] : memref<1x512xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %mv = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 512xf16> -> tensor<1x512xf16>
          %ninfs = arith.constant 0xFC00 : f16
          %init = tensor.splat %ninfs : tensor<1xf16>
          %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mv : tensor<1x512xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %6 = arith.maximumf %out, %in : f16
            linalg.yield %6 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %max, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %max_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i1 = %c0 to %c512 step %c64 {
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
            ktdf.data_transfer from %p size [1, 64] to %sv_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x512xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %col = %c0 to %half step %c512 {
        %8 = arith.muli %row, %c2048 : index
        %9 = arith.addi %col, %8 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%9], sizes: [1, 512], strides: [2048, 1] : memref<4x2048xf16, "DDR"> to memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c512 step %c64 {
          ktdf.pipeline {
            %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %10:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %11 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %10, %10#1, %10#2, %11, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#8) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %sv_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x512xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %max_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %max = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v, %max : tensor<1x64xf16>, tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
                %12 = arith.subf %in_1, %in_2 : f16
                %13 = math.exp %12 : f16
                %14 = arith.addf %in, %13 : f16
                linalg.yield %14 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %n, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#6) {
              ktdf.data_transfer from %p#3 size [1, 64] to %sv_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x512xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {carried}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sv_buf[0, 0] size [1, 512] to %p size [1, 512] : memref<1x512xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 512xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sv = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 512xf16> -> tensor<1x512xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sv : tensor<1x512xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %15 = arith.addf %out, %in : f16
            linalg.yield %15 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %sum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %c0 to %c2048 step %c512 {
        %16 = arith.muli %row, %c2048 : index
        %17 = arith.addi %col, %16 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%17], sizes: [1, 512], strides: [2048, 1] : memref<4x2048xf16, "DDR"> to memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%17], sizes: [1, 512], strides: [2048, 1] : memref<4x2048xf16, "DDR"> to memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c512 step %c64 {
          ktdf.pipeline {
            %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %18:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %19 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %18, %18#1, %18#2, %19, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#8) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %max_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %sum_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %max = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %sum = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %max, %sum : tensor<1x64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
                %20 = arith.subf %in, %in_1 : f16
                %21 = math.exp %20 : f16
                %22 = arith.divf %21, %in_2 : f16
                linalg.yield %22 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %o, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#10) {
              ktdf.data_transfer from %p#3 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#10) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x512xf16, strided<[2048, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
