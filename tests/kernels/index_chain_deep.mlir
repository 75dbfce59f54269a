// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// DEVICES: sample spyre
// LAUNCH: --arg r=2
// index_chain_deep.mlir - y[r] = x[r] + x[r] for a row r of a 4x64 f16
// matrix, the row index computed by 20 steps a = (a + a) - a, each op
// reading the ones before more than once: the walks over an index's
// operands in ktc-nest (uses_iv) and ktc-lower (lin_of) look at each op
// once, or stop; they walked the 3^20 paths to r (ktc-nest took 31 s,
// ktc-lower did not finish; ktc-split hung likewise on a chain of float
// scalars: split/scalar_chain_deep).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @index_chain_deep(%x: index, %y: index, %r: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %a0 = arith.addi %r, %c0 : index
    %b0 = arith.addi %a0, %a0 : index
    %a1 = arith.subi %b0, %a0 : index
    %b1 = arith.addi %a1, %a1 : index
    %a2 = arith.subi %b1, %a1 : index
    %b2 = arith.addi %a2, %a2 : index
    %a3 = arith.subi %b2, %a2 : index
    %b3 = arith.addi %a3, %a3 : index
    %a4 = arith.subi %b3, %a3 : index
    %b4 = arith.addi %a4, %a4 : index
    %a5 = arith.subi %b4, %a4 : index
    %b5 = arith.addi %a5, %a5 : index
    %a6 = arith.subi %b5, %a5 : index
    %b6 = arith.addi %a6, %a6 : index
    %a7 = arith.subi %b6, %a6 : index
    %b7 = arith.addi %a7, %a7 : index
    %a8 = arith.subi %b7, %a7 : index
    %b8 = arith.addi %a8, %a8 : index
    %a9 = arith.subi %b8, %a8 : index
    %b9 = arith.addi %a9, %a9 : index
    %a10 = arith.subi %b9, %a9 : index
    %b10 = arith.addi %a10, %a10 : index
    %a11 = arith.subi %b10, %a10 : index
    %b11 = arith.addi %a11, %a11 : index
    %a12 = arith.subi %b11, %a11 : index
    %b12 = arith.addi %a12, %a12 : index
    %a13 = arith.subi %b12, %a12 : index
    %b13 = arith.addi %a13, %a13 : index
    %a14 = arith.subi %b13, %a13 : index
    %b14 = arith.addi %a14, %a14 : index
    %a15 = arith.subi %b14, %a14 : index
    %b15 = arith.addi %a15, %a15 : index
    %a16 = arith.subi %b15, %a15 : index
    %b16 = arith.addi %a16, %a16 : index
    %a17 = arith.subi %b16, %a16 : index
    %b17 = arith.addi %a17, %a17 : index
    %a18 = arith.subi %b17, %a17 : index
    %b18 = arith.addi %a18, %a18 : index
    %a19 = arith.subi %b18, %a18 : index
    %b19 = arith.addi %a19, %a19 : index
    %a20 = arith.subi %b19, %a19 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %tx = ktdp.construct_access_tile %X[%a20, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%a20, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = arith.addf %v, %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
