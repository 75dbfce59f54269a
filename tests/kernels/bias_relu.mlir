// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// bias_relu.mlir - Y = max(X + b, 0) on an 8x64 f16 matrix over a grid of
// 4 tiles (2 rows each), the 64-element bias broadcast over the rows with
// linalg.broadcast and the ReLU as arith.maximumf against a zero splat.
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bias_relu(%x: index, %b: index, %y: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %row = arith.muli %tile, %c2 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [64], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x64xf16>
    %tx = ktdp.construct_access_tile %X[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = #id
    } : memref<8x64xf16> -> !ktdp.access_tile<2x64xindex>
    %tb = ktdp.construct_access_tile %B[%c0] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<64xf16> -> !ktdp.access_tile<64xindex>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = #id
    } : memref<8x64xf16> -> !ktdp.access_tile<2x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %bv = ktdp.load %tb : !ktdp.access_tile<64xindex> -> tensor<64xf16>
    %e = tensor.empty() : tensor<2x64xf16>
    %bb = linalg.broadcast ins(%bv : tensor<64xf16>) outs(%e : tensor<2x64xf16>) dimensions = [0]
    %s = arith.addf %v, %bb : tensor<2x64xf16>
    %z = arith.constant dense<0.0> : tensor<2x64xf16>
    %r = arith.maximumf %s, %z : tensor<2x64xf16>
    ktdp.store %r, %ty : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
    return
  }
}
