// RUN: ktc-lower
// PARSE: --device=spyre --stage=sched.allocated
// Pipelines placed on corelets (ktc-nest's row-corelets: `corelet = 1` on
// jammed row 1's): two rows of 64 f16 squared, each by a pipeline of its
// own left whole, row 0's on corelet 0, row 1's on corelet 1, then row 1's
// square added to row 0's on corelet 1 and both rows stored. Every
// corelet-level kind runs on both corelets (the units of a kind list
// corelet 0's first); a stage runs in a loop of one iteration on its
// pipeline's corelet and none on the other (row 0's `0 to 1` / `0 to 0`
// per unit, row 1's `0 to 0` / `0 to 1`). The MNILU signals every corelet
// of the L1LU once the rows land. Row 1's stages talk through corelet 1's
// FIFOs. The sum's loads on corelet 1 wait for row 0's store on corelet
// 0: every L1SU lane signals every L1LU lane (channel 1), apart from the
// signal of row 1's own store, which goes lane to lane (channel 2); the
// MNISU hears from both L1SU lanes before storing.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @two_rows(%X: index, %Y: index) attributes {grid = [1]} {
      call @local_schedule_0(%X, %Y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%X: index, %Y: index) attributes {grid = [1]} {
      %Xv = ktdp.construct_memory_view %X, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
      %Yv = ktdp.construct_memory_view %Y, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
      %Xd = memref.memory_space_cast %Xv : memref<2x64xf16> to memref<2x64xf16, "DDR">
      %Yd = memref.memory_space_cast %Yv : memref<2x64xf16> to memref<2x64xf16, "DDR">
      %a0 = arith.constant 0 : index
      %in = builtin.unrealized_conversion_cast %a0 : index to memref<2x64xf16, "L1">
      %a1 = arith.constant 256 : index
      %sq = builtin.unrealized_conversion_cast %a1 : index to memref<2x64xf16, "L1">
      ktdf.pipeline {
        %t = ktdf.private -> (!ktdf.token) {
          %0 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %0 : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%t) {
          ktdf.data_transfer from %Xd[0, 0] size [2, 64] to %in[0, 0] size [2, 64] : memref<2x64xf16, "DDR">, memref<2x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %2 = ktdf.create_token : !ktdf.token
          %3 = ktdf.create_token : !ktdf.token
          %4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %0, %1, %2, %3, %4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %in[0, 0] size [1, 64] to %p size [1, 64] : memref<2x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in_1: f16, %out: f16):
            %5 = arith.mulf %in_1, %in_1 : f16
            linalg.yield %5 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1, 64] to %sq[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      } {jam_row = 0 : i64}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %2 = ktdf.create_token : !ktdf.token
          %3 = ktdf.create_token : !ktdf.token
          %4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %0, %1, %2, %3, %4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %in[1, 0] size [1, 64] to %p size [1, 64] : memref<2x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in_1: f16, %out: f16):
            %5 = arith.mulf %in_1, %in_1 : f16
            linalg.yield %5 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1, 64] to %sq[1, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      } {jam_row = 1 : i64, corelet = 1 : i64}
      ktdf.pipeline {
        %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %0:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %2 = ktdf.create_token : !ktdf.token
          %3 = ktdf.create_token : !ktdf.token
          %4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %0, %0#1, %1, %2, %3, %4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#3) {
          ktdf.data_transfer from %sq[0, 0] size [1, 64] to %p size [1, 64] : memref<2x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %sq[1, 0] size [1, 64] to %p#1 size [1, 64] : memref<2x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %b = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %e = tensor.empty() : tensor<1x64xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
          ^bb0(%in_1: f16, %in_2: f16, %out: f16):
            %5 = arith.addf %in_1, %in_2 : f16
            linalg.yield %5 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1, 64] to %sq[1, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      } {jam_row = 1 : i64, corelet = 1 : i64}
      ktdf.pipeline {
        %t = ktdf.private -> (!ktdf.token) {
          %0 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %0 : !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%t) {
          ktdf.data_transfer from %sq[0, 0] size [2, 64] to %Yd[0, 0] size [2, 64] : memref<2x64xf16, "L1">, memref<2x64xf16, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
