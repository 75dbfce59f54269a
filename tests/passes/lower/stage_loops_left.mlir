// RUN: ktc-lower
// PARSE: --device=sample --stage=sched.allocated
// A stage loop of loads of more trips than ktc-lower unrolls whole (16)
// and not a multiple of the 4 a loop step takes: stage_loops_long.mlir
// summing the squares of 30 of its 32 blocks. The L1LU loop becomes a
// loop stepping 4 blocks to block 28 (its body's 4 loads before their
// sends, a load group), then the last 2 blocks one after the other (their
// loads grouped too).
module {
  module {
    func.func @sumsq(%x: index, %y: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [1]} {
      %c32 = arith.constant 32 : index
      %c30 = arith.constant 30 : index
      %X = ktdp.construct_memory_view %x, sizes: [1, 2048], strides: [2048, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x2048xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
      %addr = arith.constant 0 : index
      %sq_buf = builtin.unrealized_conversion_cast %addr : index to memref<1x64xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<1x2048xf16> to memref<1x2048xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<1x64xf16> to memref<1x64xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [1, 64], strides: [64, 1] : memref<1x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1]>, "DDR">
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
          ktdf.data_transfer from %p size [1, 64] to %sq_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %addr_1 = arith.constant 128 : index
      %tile_in = builtin.unrealized_conversion_cast %addr_1 : index to memref<32x1x64xf16, "L1">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [32, 64], strides: [64, 1] : memref<1x2048xf16, "DDR"> to memref<32x64xf16, strided<[64, 1]>, "DDR">
      scf.for %t = %c0 to %c1 step %c1 {
        %1 = arith.muli %t, %c32 : index
        ktdf.pipeline {
          %2:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
            %3 = ktdf.create_token : !ktdf.token
            %4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %3, %4 : !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%2) {
            ktdf.data_transfer from %tx[%1, 0] size [32, 64] to %tile_in[0, 0, 0] size [32, 1, 64] : memref<32x64xf16, strided<[64, 1]>, "DDR">, memref<32x1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%2) depends_out(%2#1) {
            ktdf.pipeline {
              %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                %5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                %6 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                %7 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                %tok = ktdf.create_token : !ktdf.token
                %tok_1 = ktdf.create_token : !ktdf.token
                %tok_2 = ktdf.create_token : !ktdf.token
                ktdf.private_yield %5, %6, %7, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
              }
              ktdf.stage depends_in(none) depends_out(%p#3) {
                ktdf.data_transfer from %sq_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                scf.for %i = %c0 to %c30 step %c1 {
                  ktdf.data_transfer from %tile_in[%i, 0, 0] size [1, 1, 64] to %p#1 size [1, 64] : memref<32x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                }
              } {applicable_units = ["L1LU"]}
              ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                %8 = scf.for %i = %c0 to %c30 step %c1 iter_args(%acc_1 = %acc) -> (tensor<1x64xf16>) {
                  %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %empty = tensor.empty() : tensor<1x64xf16>
                  %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc_1, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
                  ^bb0(%in: f16, %in_1: f16, %out: f16):
                    %9 = arith.mulf %in_1, %in_1 : f16
                    %10 = arith.addf %in, %9 : f16
                    linalg.yield %10 : f16
                  } -> tensor<1x64xf16>
                  scf.yield %next : tensor<1x64xf16>
                }
                ktdf.write_to_fifo %8, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
              } {applicable_units = ["SFU"]}
              ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                ktdf.data_transfer from %p#2 size [1, 64] to %sq_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
              } {applicable_units = ["L1SU"]}
            }
          } {applicable_units = ["L1LU", "SFU", "L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<tile_loop>}
      ktdf.pipeline {
        %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %addr_2 = arith.constant 128 : index
          %buf = builtin.unrealized_conversion_cast %addr_2 : index to memref<1x64xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sq_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sq = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %out: f16):
            linalg.yield %in : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %copy, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#6) {
          ktdf.data_transfer from %p#1 size [1, 64] to %p#5[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#4) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[64, 1]>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
