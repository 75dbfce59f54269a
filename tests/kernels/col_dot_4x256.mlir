// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// col_dot_4x256.mlir - sums over rows of the product of two 256x1024 f16
// matrices on a grid of 4 cores, core pid its 256 columns (LayerNorm
// backward's dW = sum over rows of dy * xhat): the elementwise product
// fuses into the generics folding the rows as ktc-interp's pairwise tree
// (each reading both matrices at rows j + 32 m).
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#y_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>
module {
  func.func @col_dot(%x: index, %w: index, %y: index) attributes {grid = [4]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %col = arith.muli %pid, %c256 : index
    %X = ktdp.construct_memory_view %x, sizes: [256, 1024], strides: [1024, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x1024xf16>
    %W = ktdp.construct_memory_view %w, sizes: [256, 1024], strides: [1024, 1] {
      coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>
    } : memref<256x1024xf16>
    %tw = ktdp.construct_access_tile %W[%c0, %col] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<256x1024xf16> -> !ktdp.access_tile<256x256xindex>
    %Y = ktdp.construct_memory_view %y, sizes: [1024], strides: [1] {
      coordinate_set = #y_set, memory_space = #ktdp.memory_space<global>
    } : memref<1024xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %col] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<256x1024xf16> -> !ktdp.access_tile<256x256xindex>
    %ty = ktdp.construct_access_tile %Y[%col] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1024xf16> -> !ktdp.access_tile<256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<256x256xindex> -> tensor<256x256xf16>
    %wv = ktdp.load %tw : !ktdp.access_tile<256x256xindex> -> tensor<256x256xf16>
    %p = arith.mulf %v, %wv : tensor<256x256xf16>
    %z = arith.constant 0.0 : f16
    %init = tensor.splat %z : tensor<256xf16>
    %s = linalg.reduce { arith.addf } ins(%p : tensor<256x256xf16>) outs(%init : tensor<256xf16>) dimensions = [0]
    ktdp.store %s, %ty : tensor<256xf16>, !ktdp.access_tile<256xindex>
    return
  }
}
