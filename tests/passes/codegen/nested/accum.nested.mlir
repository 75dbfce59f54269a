// accum.nested.mlir - accum.mlir as ktc-nest schedules it on spyre
// (sched/nest.h): per row, the 1x256 accumulator is zeroed in four tiles of
// 64 lanes; per column block (loop %col) the MNILU moves the block's four
// tiles of X into scratchpad and the compute stage's point loop reads each
// accumulator tile, adds the square of X's and writes it back; the row is
// then stored tile by tile. The accumulator tile i of block %col meets only
// tile i of block %col + 1: ktc-lower's signals (lower.h "Signals") order
// the blocks, not the tiles. No device: ktc-parse's --device picks it.
module {
  module {
    func.func @accum(%x: index, %y: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [1]} {
      %c512 = arith.constant 512 : index
      %c2048 = arith.constant 2048 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %X = ktdp.construct_memory_view %x, sizes: [4, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x512xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [4, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
      %sq_buf = memref.alloc() : memref<1x256xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<4x512xf16> to memref<4x512xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<4x256xf16> to memref<4x256xf16, "DDR">
      %c4 = arith.constant 4 : index
      scf.for %t = %c0 to %c1 step %c1 {
        scf.for %i = %c0 to %c4 step %c1 {
          %0 = arith.muli %t, %c4 : index
          %row = arith.addi %0, %i : index
          %1 = arith.muli %row, %c256 : index
          %ty = memref.reinterpret_cast %Y_DDR to offset: [%1], sizes: [1, 256], strides: [256, 1] : memref<4x256xf16, "DDR"> to memref<1x256xf16, strided<[256, 1], offset: ?>, "DDR">
          scf.for %i1 = %c0 to %c4 step %c1 {
            %i1_1 = arith.muli %i1, %c64 : index
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
                  %2 = arith.constant 0.0 : f16
                  linalg.yield %2 : f16
                } -> tensor<1x64xf16>
                ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
              } {applicable_units = ["SFU"]}
              ktdf.stage depends_in(%p#1) depends_out(%p#2) {
                ktdf.data_transfer from %p size [1, 64] to %sq_buf[0, %i1_1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
              } {applicable_units = ["L1SU"]}
            }
          } {loop_type = #ktdf.loop_type<parallel_loop>}
          scf.for %col = %c0 to %c2 step %c1 {
            %tile_in = memref.alloc() : memref<4x1x64xf16, "L1">
            %3 = arith.muli %col, %c256 : index
            %4 = arith.muli %t, %c2048 : index
            %5 = arith.addi %3, %4 : index
            %6 = arith.muli %i, %c512 : index
            %7 = arith.addi %5, %6 : index
            %tx = memref.reinterpret_cast %X_DDR to offset: [%7], sizes: [4, 64], strides: [64, 1] : memref<4x512xf16, "DDR"> to memref<4x64xf16, strided<[64, 1], offset: ?>, "DDR">
            scf.for %t_1 = %c0 to %c1 step %c1 {
              %8 = arith.muli %t_1, %c4 : index
              ktdf.pipeline {
                %9:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
                  %10 = ktdf.create_token : !ktdf.token
                  %11 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %10, %11 : !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%9) {
                  ktdf.data_transfer from %tx[%8, 0] size [4, 64] to %tile_in[0, 0, 0] size [4, 1, 64] : memref<4x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<4x1x64xf16, "L1">
                } {applicable_units = ["MNILU"]}
                ktdf.stage depends_in(%9) depends_out(%9#1) {
                  scf.for %i_1 = %c0 to %c4 step %c1 {
                    %12 = arith.muli %t_1, %c4 : index
                    %i1 = arith.addi %12, %i_1 : index
                    %c64_1 = arith.constant 64 : index
                    %i1_1 = arith.muli %i1, %c64_1 : index
                    ktdf.pipeline {
                      %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                        %13:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                        %14 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                        %tok = ktdf.create_token : !ktdf.token
                        %tok_1 = ktdf.create_token : !ktdf.token
                        %tok_2 = ktdf.create_token : !ktdf.token
                        ktdf.private_yield %13, %13#1, %14, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                      }
                      ktdf.stage depends_in(none) depends_out(%p#3) {
                        ktdf.data_transfer from %sq_buf[0, %i1_1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                        ktdf.data_transfer from %tile_in[%i_1, 0, 0] size [1, 1, 64] to %p#1 size [1, 64] : memref<4x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                      } {applicable_units = ["L1LU"]}
                      ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                        %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                        %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                        %empty = tensor.empty() : tensor<1x64xf16>
                        %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
                        ^bb0(%in: f16, %in_1: f16, %out: f16):
                          %15 = arith.mulf %in_1, %in_1 : f16
                          %16 = arith.addf %in, %15 : f16
                          linalg.yield %16 : f16
                        } -> tensor<1x64xf16>
                        ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                      } {applicable_units = ["SFU"]}
                      ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                        ktdf.data_transfer from %p#2 size [1, 64] to %sq_buf[0, %i1_1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
                      } {applicable_units = ["L1SU"]}
                    }
                  } {loop_type = #ktdf.loop_type<parallel_loop>}
                } {applicable_units = ["L1LU", "SFU", "L1SU"]}
              }
            } {loop_type = #ktdf.loop_type<tile_loop>}
          }
          scf.for %i1 = %c0 to %c4 step %c1 {
            %i1_1 = arith.muli %i1, %c64 : index
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
                ktdf.data_transfer from %sq_buf[0, %i1_1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
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
                ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %ty[0, %i1_1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x256xf16, strided<[256, 1], offset: ?>, "DDR">
              } {applicable_units = ["MNISU"]}
            }
          } {loop_type = #ktdf.loop_type<parallel_loop>}
        }
      } {loop_type = #ktdf.loop_type<tile_loop>}
      return
    }
  }
}
