// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// softmax_f32acc.mlir - softmax of 8 rows of 256 f16 computed in f32, in
// the shape Inductor gives it: each tile loads its row, extends it to f32,
// takes the row's max and the sum of exp(x - max) in f32, divides, and
// truncates back to f16 for the store.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_f32acc(%x: index, %y: index) attributes {grid = [8]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
    %h = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
    %v = arith.extf %h : tensor<1x256xf16> to tensor<1x256xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %m0 = tensor.splat %ninf : tensor<1xf32>
    %mx = linalg.reduce { arith.maximumf } ins(%v : tensor<1x256xf32>) outs(%m0 : tensor<1xf32>) dimensions = [1]
    %m = tensor.extract %mx[%c0] : tensor<1xf32>
    %mb = tensor.splat %m : tensor<1x256xf32>
    %d = arith.subf %v, %mb : tensor<1x256xf32>
    %e = math.exp %d : tensor<1x256xf32>
    %zero = arith.constant 0.0 : f32
    %s0 = tensor.splat %zero : tensor<1xf32>
    %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x256xf32>) outs(%s0 : tensor<1xf32>) dimensions = [1]
    %s = tensor.extract %sum[%c0] : tensor<1xf32>
    %sb = tensor.splat %s : tensor<1x256xf32>
    %o = arith.divf %e, %sb : tensor<1x256xf32>
    %oh = arith.truncf %o : tensor<1x256xf32> to tensor<1x256xf16>
    ktdp.store %oh, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    return
  }
}
