// bugs/clamp_f32_1000.mlir - NOT A TEST: a reproducer of an open bug (see
// tests/kernels/bugs/README.md). Y = clamp(X, lo, hi) on 1000 f32 over a grid
// of 8 tiles of 125 (500 bytes each: tile boundaries fall inside 128-byte
// DMA words). Fails in ktc-lower on spyre: "clamp_f32_1000.mlir:28:10:
// error: a transfer between memrefs of different shapes is not supported
// yet" at the ktdp.load: the 4-byte tail of the load at a launch-time
// offset is not legalized on a grid (ktc-path-expand leaves loads at such
// offsets alone on grids too), and the store's tails would race as in
// amax_scale.mlir.
module {
  func.func @clamp_f32_1000(%x: index, %y: index, %lo: f32, %hi: f32) attributes {grid = [8]} {
    %tile = ktdp.get_compute_tile_id : index
    %c125 = arith.constant 125 : index
    %start = arith.muli %tile, %c125 : index
    %X = ktdp.construct_memory_view %x, sizes: [1000], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1000xf32>
    %Y = ktdp.construct_memory_view %y, sizes: [1000], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 999 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1000xf32>
    %tx = ktdp.construct_access_tile %X[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 124 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1000xf32> -> !ktdp.access_tile<125xindex>
    %ty = ktdp.construct_access_tile %Y[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 124 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1000xf32> -> !ktdp.access_tile<125xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<125xindex> -> tensor<125xf32>
    %lb = tensor.splat %lo : tensor<125xf32>
    %hb = tensor.splat %hi : tensor<125xf32>
    %a = arith.maximumf %v, %lb : tensor<125xf32>
    %b = arith.minimumf %a, %hb : tensor<125xf32>
    ktdp.store %b, %ty : tensor<125xf32>, !ktdp.access_tile<125xindex>
    return
  }
}
