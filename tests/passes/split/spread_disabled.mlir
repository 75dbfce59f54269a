// RUN: ktc-split --disable=spread
// PARSE: --device=spyre
// spread_center's kernel at rows of 16384, without its exp: the spread
// would take it over 4 cores of spyre (1450 -> 1132 cycles); with
// --disable=spread it stays on its one tile (grid [1, 1], no ring
// transfer), as on a device without a ring.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 16383 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 16383 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @spread_center(%x: index, %y: index) attributes {grid = [1, 1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 16384], strides: [16384, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x16384xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 16384], strides: [16384, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x16384xf16>
  scf.for %r = %c0 to %c2 step %c1 {
    %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x16384xf16> -> !ktdp.access_tile<1x16384xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x16384xindex> -> tensor<1x16384xf16>
    %zero = arith.constant 0.0 : f16
    %init = tensor.splat %zero : tensor<1xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<1x16384xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %s[%c0] : tensor<1xf16>
    %n = arith.constant 256.0 : f16
    %mean = arith.divf %ss, %n : f16
    %mb = tensor.splat %mean : tensor<1x16384xf16>
    %d = arith.subf %v, %mb : tensor<1x16384xf16>
    %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x16384xf16> -> !ktdp.access_tile<1x16384xindex>
    ktdp.store %d, %ty : tensor<1x16384xf16>, !ktdp.access_tile<1x16384xindex>
  }
  return
}
