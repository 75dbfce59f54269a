// RUN: ktc-lower
// PARSE: --device=sample --stage=sched.allocated
// A DMA of a 4x64 tile: 64 contiguous elements per time step, the outer
// dim of 4 is the time dim: time_set 0 <= d0 <= 3, and the time address
// maps put time dim 0 on view dim 0 of both sides.
module {
  func.func @copy_tile() attributes {grid = [2]} {
    %base = arith.constant 1024 : index
    %tile = ktdp.get_compute_tile_id : index
    %c256 = arith.constant 256 : index
    %off = arith.muli %tile, %c256 : index
    %A = ktdp.construct_memory_view %base, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<8x64xf16> to memref<8x64xf16, "DDR">
    %ta = memref.reinterpret_cast %A_DDR to offset: [%off], sizes: [4, 64], strides: [64, 1] : memref<8x64xf16, "DDR"> to memref<4x64xf16, strided<[64, 1], offset: ?>, "DDR">
    ktdf.pipeline {
      %p:2 = ktdf.private -> (memref<4x64xf16, "L1">, !ktdf.token) {
        %a0 = arith.constant 0 : index
        %buf = builtin.unrealized_conversion_cast %a0 : index to memref<4x64xf16, "L1">
        %t = ktdf.create_token : !ktdf.token
        ktdf.private_yield %buf, %t : memref<4x64xf16, "L1">, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#1) {
        ktdf.data_transfer from %ta[0, 0] size [4, 64] to %p#0[0, 0] size [4, 64] : memref<4x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<4x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
    }
    return
  }
}
