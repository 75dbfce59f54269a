// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// cast_f16_f32.mlir - the two casts between storage and compute types, 8
// rows of 256 on a grid of 8: Y = f32(X) (f16 in, f32 out) and V =
// f16(2 * U) (f32 in, f16 out). Each computation moves 64 elements a tile,
// a whole stick of its f16 side and two of its f32 side, on 32 f32 lanes
// in two pieces (ktc-lower).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @cast_f16_f32(%x: index, %y: index, %u: index, %v: index) attributes {grid = [8]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf32>
    %U = ktdp.construct_memory_view %u, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf32>
    %V = ktdp.construct_memory_view %v, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf32> -> !ktdp.access_tile<1x256xindex>
    %tu = ktdp.construct_access_tile %U[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf32> -> !ktdp.access_tile<1x256xindex>
    %tv = ktdp.construct_access_tile %V[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %h = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %w = arith.extf %h : tensor<1x256xf16> to tensor<1x256xf32>
    ktdp.store %w, %ty : tensor<1x256xf32>, !ktdp.access_tile<1x256xindex>
    %f = ktdp.load %tu : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf32>
    %two = arith.constant 2.0 : f32
    %tb = tensor.splat %two : tensor<1x256xf32>
    %d = arith.mulf %f, %tb : tensor<1x256xf32>
    %n = arith.truncf %d : tensor<1x256xf32> to tensor<1x256xf16>
    ktdp.store %n, %tv : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
