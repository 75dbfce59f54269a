// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// Bulk transfers of 4 rows from a strided device-memory view: the left 64
// columns of a 16x128 matrix (row stride 128), 8 rows per core, in 2 tiles.
// Each stage is one composite_load_and_store of 4 time steps (time dim 0 on
// view dim 0), the DDR view's layout keeping the row stride of 128.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @left_half(%a: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %start = arith.muli %tile, %c1024 : index
    %A = ktdp.construct_memory_view %a, sizes: [16, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
    %C = ktdp.construct_memory_view %c, sizes: [16, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
    %A_DDR = memref.memory_space_cast %A : memref<16x128xf16> to memref<16x128xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<16x128xf16> to memref<16x128xf16, "DDR">
    %ta = memref.reinterpret_cast %A_DDR to offset: [%start], sizes: [8, 64], strides: [128, 1] : memref<16x128xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
    %tc = memref.reinterpret_cast %C_DDR to offset: [%start], sizes: [8, 64], strides: [128, 1] : memref<16x128xf16, "DDR"> to memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
    %buf = memref.alloc() : memref<4x64xf16, "L1">
    scf.for %t = %c0 to %c2 step %c1 {
      %r = arith.muli %t, %c4 : index
      ktdf.pipeline {
        %p:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
          %t0 = ktdf.create_token : !ktdf.token
          %t1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %t0, %t1 : !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#0) {
          ktdf.data_transfer from %ta[%r, 0] size [4, 64] to %buf[0, 0] size [4, 64] : memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<4x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#0) depends_out(%p#1) {
          ktdf.data_transfer from %buf[0, 0] size [4, 64] to %tc[%r, 0] size [4, 64] : memref<4x64xf16, "L1">, memref<8x64xf16, strided<[128, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
    }
    return
  }
}
