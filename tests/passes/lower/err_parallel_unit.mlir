// RUN: ktc-lower
// PARSE: --device=sample --stage=sched.allocated
// The MNILU is one unit per core: it cannot share out a ktdf.parallel over
// the corelets.
module {
  func.func @copy_row() attributes {grid = [1]} {
    %base = arith.constant 1024 : index
    %tile = ktdp.get_compute_tile_id : index
    %c64 = arith.constant 64 : index
    %off = arith.muli %tile, %c64 : index
    %A = ktdp.construct_memory_view %base, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<2x64xf16> to memref<2x64xf16, "DDR">
    %ta = memref.reinterpret_cast %A_DDR to offset: [%off], sizes: [1, 64], strides: [64, 1] : memref<2x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    ktdf.parallel (%i, %lane) = (%c0) to (%c2) step (%c1) distribute(num_instances = 2) {
    ktdf.pipeline {
      %p:2 = ktdf.private -> (memref<1x64xf16, "L1">, !ktdf.token) {
        %a0 = arith.constant 0 : index
        %buf = builtin.unrealized_conversion_cast %a0 : index to memref<1x64xf16, "L1">
        %t = ktdf.create_token : !ktdf.token
        ktdf.private_yield %buf, %t : memref<1x64xf16, "L1">, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#1) {
        ktdf.data_transfer from %ta[0, 0] size [1, 64] to %p#0[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
    }
    ktdf.parallel_yield
    }
    return
  }
}
