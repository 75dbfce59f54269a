// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// spread_center.mlir - exp(x - sum(x) / 256) of each of 2 rows of 65536
// f16, on one tile: ktc-split's spread (split_spread.c) takes it over 8
// cores of spyre, tile t the 128 elements from 128 t on of every 1024 of
// a row (a view [2, 64, 1024], the tile [1, 64, 128] at [r, 0, 128 t]):
// the sum folds its 64 blocks to a vector of 128, folds that with tile t
// xor 4's, t xor 2's and t xor 1's over the ring, then its 128 lanes with
// the kernel's init. That is ktc-interp's pairwise tree for a row of
// 65536, so y matches it bit for bit (spyre: 2737 cycles, 5000 on one
// core). In another order the sums round apart: each of 4 tiles summing
// its quarter of the row, the 4 sums then added, 66962 of 131072 elements
// of y differ (ktc-interp, --random-inputs=1).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @spread_center(%x: index, %y: index) attributes {grid = [1, 1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 65536], strides: [65536, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x65536xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 65536], strides: [65536, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x65536xf16>
  scf.for %r = %c0 to %c2 step %c1 {
    %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x65536xindex> -> tensor<1x65536xf16>
    %zero = arith.constant 0.0 : f16
    %init = tensor.splat %zero : tensor<1xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<1x65536xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %s[%c0] : tensor<1xf16>
    %n = arith.constant 256.0 : f16
    %mean = arith.divf %ss, %n : f16
    %mb = tensor.splat %mean : tensor<1x65536xf16>
    %d = arith.subf %v, %mb : tensor<1x65536xf16>
    %e = math.exp %d : tensor<1x65536xf16>
    %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    ktdp.store %e, %ty : tensor<1x65536xf16>, !ktdp.access_tile<1x65536xindex>
  }
  return
}
