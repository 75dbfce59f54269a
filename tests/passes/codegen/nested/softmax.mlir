// softmax.mlir - Y = softmax(X) along the rows of a 32x64 f16 matrix on a
// grid of 2, tile t doing rows t, t+2, ... (16 rows, 128 elements apart
// in memory). The KTIR source of softmax.nested.mlir and the first path's input.
module {
  func.func @softmax(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %cG = arith.constant 2 : index
    %cN = arith.constant 32 : index
    %X = ktdp.construct_memory_view %x, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<32x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<32x64xf16>
    scf.for %row = %tile to %cN step %cG {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<32x64xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<32x64xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %ninf = arith.constant 0xFC00 : f16
      %max0 = tensor.splat %ninf : tensor<1xf16>
      %max = linalg.reduce { arith.maximumf } ins(%v : tensor<1x64xf16>) outs(%max0 : tensor<1xf16>) dimensions = [1]
      %m = tensor.extract %max[%c0] : tensor<1xf16>
      %mrow = tensor.splat %m : tensor<1x64xf16>
      %shifted = arith.subf %v, %mrow : tensor<1x64xf16>
      %e = math.exp %shifted : tensor<1x64xf16>
      %zero = arith.constant 0.0 : f16
      %sum0 = tensor.splat %zero : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x64xf16>) outs(%sum0 : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %srow = tensor.splat %s : tensor<1x64xf16>
      %out = arith.divf %e, %srow : tensor<1x64xf16>
      ktdp.store %out, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
