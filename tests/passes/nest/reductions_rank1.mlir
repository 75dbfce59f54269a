// RUN: ktc-nest --disable=sink --disable=normalize --disable=tiling --disable=tile-size-selection --disable=coarsening --disable=double-buffering --disable=corelets --disable=broadcast --disable=splat-hoist
// PARSE: --device=sample --stage=sched.routed
// The sum of a 1-D tensor<4096xf16> (64 chunks of the 64 lanes) carried in
// the scratchpad buffer %acc_buf, from tests/kernels/sum_1d.mlir (Triton
// style 1-D views, a rank-1 row reduced with dimensions = [0]): reductions
// fold it in two levels of 8 chunks into %partials, then the original
// pipeline reads the last vector as a tensor<64xf16> (the row's rank).
// Before, only a tensor<1xN> row was taken and ktc-codegen refused the
// 4096 elements ("holds half a group ... in the 32 vector registers").
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @sum_1d(%x: index, %s: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %s) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %s: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c4096 = arith.constant 4096 : index
      %c8192 = arith.constant 8192 : index
      %X = ktdp.construct_memory_view %x, sizes: [8192], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8192xf16>
      %S = ktdp.construct_memory_view %s, sizes: [1], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
      %acc_buf = memref.alloc() : memref<4096xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<8192xf16> to memref<8192xf16, "DDR">
      %tot_buf = memref.alloc() : memref<f16, "L1">
      %S_DDR = memref.memory_space_cast %S : memref<1xf16> to memref<1xf16, "DDR">
      %ts = memref.reinterpret_cast %S_DDR to offset: [0], sizes: [1], strides: [1] : memref<1xf16, "DDR"> to memref<1xf16, strided<[1]>, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i0 = %c0 to %c4096 step %c64 {
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
            ktdf.data_transfer from %p size [64] to %acc_buf[%i0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4096xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %i = %c0 to %c8192 step %c4096 {
        %tx = memref.reinterpret_cast %X_DDR to offset: [%i], sizes: [4096], strides: [1] : memref<8192xf16, "DDR"> to memref<4096xf16, strided<[1], offset: ?>, "DDR">
        scf.for %i0 = %c0 to %c4096 step %c64 {
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
              ktdf.data_transfer from %tx[%i0] size [64] to %p#6[0] size [64] : memref<4096xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %acc_buf[%i0] size [64] to %p size [64] : memref<4096xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0] size [64] to %p#1 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<64xf16>
              %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %v : tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %3 = arith.mulf %in_1, %in_1 : f16
                %4 = arith.addf %3, %in_1 : f16
                %5 = arith.addf %in, %4 : f16
                linalg.yield %5 : f16
              } -> tensor<64xf16>
              ktdf.write_to_fifo %n, %p#2 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [64] to %acc_buf[%i0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4096xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 4096xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 4096xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 4096xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %acc_buf[0] size [4096] to %p size [4096] : memref<4096xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4096xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 4096xf16> -> tensor<4096xf16>
          %z = arith.constant 0.0 : f16
          %init = tensor.splat %z : tensor<f16>
          %tot = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%acc : tensor<4096xf16>) outs(%init : tensor<f16>) {
          ^bb0(%in: f16, %out: f16):
            %6 = arith.addf %out, %in : f16
            linalg.yield %6 : f16
          } -> tensor<f16>
          ktdf.write_to_fifo %tot, %p#1 : tensor<f16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [] to %tot_buf[] size [] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<f16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<32xf16, "L1">, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<32xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %tok_4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<32xf16, "L1">, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %tot_buf[] size [] to %p size [] : memref<f16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %tot = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<f16>
          %empty = tensor.empty() : tensor<1xf16>
          %t1 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%tot : tensor<f16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            linalg.yield %in : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %t1, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#7) {
          ktdf.data_transfer from %ts[0] size [32] to %p#5[0] size [32] : memref<1xf16, strided<[1]>, "DDR">, memref<32xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#7) depends_out(%p#6) {
          ktdf.data_transfer from %p#1 size [1] to %p#5[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<32xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#4) {
          ktdf.data_transfer from %p#5[0] size [32] to %ts[0] size [32] : memref<32xf16, "L1">, memref<1xf16, strided<[1]>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
