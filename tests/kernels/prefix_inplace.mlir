// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// prefix_inplace.mlir - running sums of the rows of an 8x64 f16 matrix in
// place: X[r] += X[r - 1] for r = 1..7, each iteration reading the row
// the previous one stored (a dependence through device memory that
// pipelining and double buffering must keep).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @prefix_inplace(%x: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  scf.for %r = %c1 to %c8 step %c1 {
    %p = arith.subi %r, %c1 : index
    %tp = ktdp.construct_access_tile %X[%p, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tr = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
    %a = ktdp.load %tp : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %b = ktdp.load %tr : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %s = arith.addf %a, %b : tensor<1x64xf16>
    ktdp.store %s, %tr : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
