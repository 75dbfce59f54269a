// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// modulo.mlir's pipeline in a tile loop of 2 inside a row loop of 3, its
// phases counted over both loops (buffer_phase(%r, %t), ktc-nest's
// row-phases): the credits (channel 1: the MNISU's 2 sends, the MNILU's 2
// receives) go before and after the row loop, not the tile loop, so the
// MNILU runs ahead into the next row's tiles.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @copy(%a: index, %c: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %A = ktdp.construct_memory_view %a, sizes: [6, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [6, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<6x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<6x64xf16> to memref<6x64xf16, "DDR">
    %C_DDR = memref.memory_space_cast %C : memref<6x64xf16> to memref<6x64xf16, "DDR">
    %buf = memref.alloc() : memref<3x1x64xf16, "L1">
    scf.for %r = %c0 to %c3 step %c1 {
      scf.for %t = %c0 to %c2 step %c1 {
        %row = arith.muli %r, %c2 : index
        %i = arith.addi %row, %t : index
        %ph = ktdf.buffer_phase(%r, %t) {num_phases = 3 : i64} : index
        ktdf.pipeline modulo(size: 3) {
          %p:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
            %t0 = ktdf.create_token : !ktdf.token
            %t1 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %t0, %t1 : !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#0) {
            ktdf.data_transfer from %A_DDR[%i, 0] size [1, 64] to %buf[%ph, 0, 0] size [1, 1, 64] : memref<6x64xf16, "DDR">, memref<3x1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#0) depends_out(%p#1) {
            ktdf.data_transfer from %buf[%ph, 0, 0] size [1, 1, 64] to %C_DDR[%i, 0] size [1, 64] : memref<3x1x64xf16, "L1">, memref<6x64xf16, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      }
    }
    return
  }
}
