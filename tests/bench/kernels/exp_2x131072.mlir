// exp_2x131072.mlir - y = exp(x) over 2 rows of 131072 f16 on one core: one
// elementwise pass over rows too wide to stream as whole rows a point
// (ktc-nest tiles each row's vector loop on its own: nest.h, tiling).
module {
  func.func @exp_2x131072(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 131072], strides: [131072, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 131071 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x131072xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 131072], strides: [131072, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 131071 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x131072xf16>
    scf.for %row = %c0 to %c2 step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 131071 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x131072xf16> -> !ktdp.access_tile<1x131072xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x131072xindex> -> tensor<1x131072xf16>
      %o = math.exp %v : tensor<1x131072xf16>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 131071 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<2x131072xf16> -> !ktdp.access_tile<1x131072xindex>
      ktdp.store %o, %ty : tensor<1x131072xf16>, !ktdp.access_tile<1x131072xindex>
    }
    return
  }
}
