// RUN: ktc-nest --disable=fuse-pipelines --disable=lane-transfers
// PARSE: --stage=sched.routed
// fuse-points left: corelets_temps.out with the exp pass splatting
// %max_buf[0, 0] (point 0's max) at every point, not %max_buf[%i, 0]: point 1's
// exp reads what point 0's max pass writes, so the max and exp ktdf.parallel
// stay apart; exp, sum and division (every shared buffer at the point's own
// place) become one.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @softmax_row(%x: index, %y: index) attributes {grid = [4]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [4]} {
      %c2 = arith.constant 2 : index
      %tile = ktdp.get_compute_tile_id : index
      %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<8x64xf16> to memref<8x64xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x64xf16> to memref<8x64xf16, "DDR">
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %tile_in = memref.alloc() : memref<2x1x64xf16, "L1">
      %tile_out = memref.alloc() : memref<2x1x64xf16, "L1">
      %c64 = arith.constant 64 : index
      %0 = arith.muli %tile, %c64 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [2, 64], strides: [256, 1] : memref<8x64xf16, "DDR"> to memref<2x64xf16, strided<[256, 1], offset: ?>, "DDR">
      %1 = arith.muli %tile, %c64 : index
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%1], sizes: [2, 64], strides: [256, 1] : memref<8x64xf16, "DDR"> to memref<2x64xf16, strided<[256, 1], offset: ?>, "DDR">
      %max_buf = memref.alloc() : memref<2x1xf16, "L1">
      %e_buf = memref.alloc() : memref<2x1x64xf16, "L1">
      %sum_buf = memref.alloc() : memref<2x1xf16, "L1">
      scf.for %t = %c0 to %c1 step %c1 {
        %2 = arith.muli %t, %c2 : index
        ktdf.pipeline {
          %3:3 = ktdf.private -> (!ktdf.token, !ktdf.token, !ktdf.token) {
            %4 = ktdf.create_token : !ktdf.token
            %5 = ktdf.create_token : !ktdf.token
            %6 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %4, %5, %6 : !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%3) {
            ktdf.data_transfer from %tx[%2, 0] size [2, 64] to %tile_in[0, 0, 0] size [2, 1, 64] : memref<2x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<2x1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%3) depends_out(%3#1) {
            ktdf.parallel (%i, %inst) = (%c0) to (%c2) step (%c1) distribute(num_instances = 2) {
              ktdf.pipeline {
                %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
                  %tok = ktdf.create_token : !ktdf.token
                  %tok_1 = ktdf.create_token : !ktdf.token
                  %tok_2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%p#2) {
                  ktdf.data_transfer from %tile_in[%i, 0, 0] size [1, 1, 64] to %p size [1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%p#2) depends_out(%p#3) {
                  %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %ninf = arith.constant 0xFC00 : f16
                  %init = tensor.splat %ninf : tensor<1xf16>
                  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<1x64xf16>) outs(%init : tensor<1xf16>) {
                  ^bb0(%in: f16, %out: f16):
                    %7 = arith.maximumf %out, %in : f16
                    linalg.yield %7 : f16
                  } -> tensor<1xf16>
                  ktdf.write_to_fifo %max, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                  ktdf.data_transfer from %p#1 size [1] to %max_buf[%i, 0] size [1, 1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<2x1xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.parallel_yield
            }
            ktdf.parallel (%i, %inst) = (%c0) to (%c2) step (%c1) distribute(num_instances = 2) {
              ktdf.pipeline {
                %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %8:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %9 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                  %tok = ktdf.create_token : !ktdf.token
                  %tok_1 = ktdf.create_token : !ktdf.token
                  %tok_2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %8, %8#1, %9, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%p#3) {
                  ktdf.data_transfer from %tile_in[%i, 0, 0] size [1, 1, 64] to %p size [1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  ktdf.data_transfer from %max_buf[0, 0] size [1, 1] to %p#1 size [64] {transfer_mode = "splat"} : memref<2x1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                  %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %max = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                  %empty = tensor.empty() : tensor<1x64xf16>
                  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %max : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
                  ^bb0(%in: f16, %in_1: f16, %out: f16):
                    %10 = arith.subf %in, %in_1 : f16
                    %11 = math.exp %10 : f16
                    linalg.yield %11 : f16
                  } -> tensor<1x64xf16>
                  ktdf.write_to_fifo %e, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                  ktdf.data_transfer from %p#2 size [1, 64] to %e_buf[%i, 0, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x1x64xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.parallel_yield
            }
            ktdf.parallel (%i, %inst) = (%c0) to (%c2) step (%c1) distribute(num_instances = 2) {
              ktdf.pipeline {
                %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
                  %tok = ktdf.create_token : !ktdf.token
                  %tok_1 = ktdf.create_token : !ktdf.token
                  %tok_2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%p#2) {
                  ktdf.data_transfer from %e_buf[%i, 0, 0] size [1, 1, 64] to %p size [1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%p#2) depends_out(%p#3) {
                  %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %zero = arith.constant 0.0 : f16
                  %init = tensor.splat %zero : tensor<1xf16>
                  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<1x64xf16>) outs(%init : tensor<1xf16>) {
                  ^bb0(%in: f16, %out: f16):
                    %12 = arith.addf %out, %in : f16
                    linalg.yield %12 : f16
                  } -> tensor<1xf16>
                  ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                  ktdf.data_transfer from %p#1 size [1] to %sum_buf[%i, 0] size [1, 1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<2x1xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.parallel_yield
            }
            ktdf.parallel (%i, %inst) = (%c0) to (%c2) step (%c1) distribute(num_instances = 2) {
              ktdf.pipeline {
                %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                  %tok = ktdf.create_token : !ktdf.token
                  %tok_1 = ktdf.create_token : !ktdf.token
                  %tok_3 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%p#3) {
                  ktdf.data_transfer from %e_buf[%i, 0, 0] size [1, 1, 64] to %p size [1, 64] : memref<2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  ktdf.data_transfer from %sum_buf[%i, 0] size [1, 1] to %p#1 size [64] {transfer_mode = "splat"} : memref<2x1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                  %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %sum = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                  %empty = tensor.empty() : tensor<1x64xf16>
                  %out = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %sum : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
                  ^bb0(%in: f16, %in_1: f16, %out_1: f16):
                    %13 = arith.divf %in, %in_1 : f16
                    linalg.yield %13 : f16
                  } -> tensor<1x64xf16>
                  ktdf.write_to_fifo %out, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                  ktdf.data_transfer from %p#2 size [1, 64] to %tile_out[%i, 0, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x1x64xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.parallel_yield
            }
          } {applicable_units = ["L1LU", "SFU", "L1SU"]}
          ktdf.stage depends_in(%3#1) depends_out(%3#2) {
            ktdf.data_transfer from %tile_out[0, 0, 0] size [2, 1, 64] to %ty[%2, 0] size [2, 64] : memref<2x1x64xf16, "L1">, memref<2x64xf16, strided<[256, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<tile_loop>}
      return
    }
  }
}
