// softmax_f32acc_4096x1024.mlir - row softmax of a 4096x1024 f16 matrix
// computed in f32 (Inductor's shape: extf, max, exp(x - max), sum, divide,
// truncf) on a grid of 32 cores, 128 contiguous rows each, a row per step.
// The f16 compute form (extf/truncf dropped, f32 -> f16) is the comparison.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_f32acc(%x: index, %y: index) attributes {grid = [32]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 128 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [4096, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4096x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4096, 1024], strides: [1024, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4096x1024xf16>
    scf.for %r = %rows to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4096x1024xf16> -> !ktdp.access_tile<1x1024xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4096x1024xf16> -> !ktdp.access_tile<1x1024xindex>
      %h = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
      %v = arith.extf %h : tensor<1x1024xf16> to tensor<1x1024xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %m0 = tensor.splat %ninf : tensor<1xf32>
      %mx = linalg.reduce { arith.maximumf } ins(%v : tensor<1x1024xf32>) outs(%m0 : tensor<1xf32>) dimensions = [1]
      %m = tensor.extract %mx[%c0] : tensor<1xf32>
      %mb = tensor.splat %m : tensor<1x1024xf32>
      %d = arith.subf %v, %mb : tensor<1x1024xf32>
      %e = math.exp %d : tensor<1x1024xf32>
      %zero = arith.constant 0.0 : f32
      %s0 = tensor.splat %zero : tensor<1xf32>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x1024xf32>) outs(%s0 : tensor<1xf32>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf32>
      %sb = tensor.splat %s : tensor<1x1024xf32>
      %o = arith.divf %e, %sb : tensor<1x1024xf32>
      %oh = arith.truncf %o : tensor<1x1024xf32> to tensor<1x1024xf16>
      ktdp.store %oh, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
    }
    return
  }
}
