// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// relu_rowsum_rows.mlir - the f32 sums of relu over each of a tile's 4 rows
// of 64 (grid [4]): the row sum (64 wider than the 32 f32 lanes, 4 rows
// a tile) is not fused with the relu, whose fused tile ktc-lower would not
// run in lane-wide pieces; without the relu it compiled already.
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @relu_rowsum_rows(%x: index, %y: index) attributes {grid = [4]} {
    %t = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %row = arith.muli %t, %c4 : index
    %X = ktdp.construct_memory_view %x, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf32>
    %tx = ktdp.construct_access_tile %X[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = #id
    } : memref<16x64xf32> -> !ktdp.access_tile<4x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x64xf32>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x64xf32>) outs(%e : tensor<4x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<4x64xf32>
    %i0 = tensor.splat %zero : tensor<4xf32>
    %s = linalg.reduce { arith.addf } ins(%r : tensor<4x64xf32>) outs(%i0 : tensor<4xf32>) dimensions = [1]
    %Y = ktdp.construct_memory_view %y, sizes: [16], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16xf32>
    %ty = ktdp.construct_access_tile %Y[%row] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<16xf32> -> !ktdp.access_tile<4xindex>
    ktdp.store %s, %ty : tensor<4xf32>, !ktdp.access_tile<4xindex>
    return
  }
}
