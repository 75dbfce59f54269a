// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// layernorm_2pass.mlir - two-pass LayerNorm (no affine) of 2x128 f16 rows on a
// grid of 2 tiles: mean, then var = mean((x - mean)^2), Y = (x - mean) *
// rsqrt(var + 0.001). The second reduction's body has the fused producer
// (x - mean)^2, reading the broadcast mean: ktc-nest's reductions
// transformation folds the 2 lane-wide chunks.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @ln2p(%x: index, %y: index) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 128], strides: [128, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<1x128xindex>
  %ty = ktdp.construct_access_tile %Y[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<1x128xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
  %z = arith.constant 0.0 : f16
  %i0 = tensor.splat %z : tensor<1xf16>
  %s = linalg.reduce { arith.addf } ins(%v : tensor<1x128xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
  %ss = tensor.extract %s[%c0] : tensor<1xf16>
  %nn = arith.constant 128.0 : f16
  %mean = arith.divf %ss, %nn : f16
  %mb = tensor.splat %mean : tensor<1x128xf16>
  %d = arith.subf %v, %mb : tensor<1x128xf16>
  %d2 = arith.mulf %d, %d : tensor<1x128xf16>
  %q = linalg.reduce { arith.addf } ins(%d2 : tensor<1x128xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
  %qs = tensor.extract %q[%c0] : tensor<1xf16>
  %var = arith.divf %qs, %nn : f16
  %eps = arith.constant 0.001 : f16
  %ve = arith.addf %var, %eps : f16
  %r = math.rsqrt %ve : f16
  %rb = tensor.splat %r : tensor<1x128xf16>
  %o = arith.mulf %d, %rb : tensor<1x128xf16>
  ktdp.store %o, %ty : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
  return
}
