// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// pieces_tree.mlir - max(x, 0) summed over a row of 96 f32, three pieces
// of spyre's 32 f32 lanes: ktc-interp's pairwise tree pairs element i with
// i + 48, across pieces, so the pieces cannot be folded lane by lane in its
// order (that compiled once, folding them in sequence, and its sum differed
// from ktc-interp's in the last bits; then it was refused). The row and its
// compare and select stay whole: ktc-codegen applies them to each piece as
// it is received and folds the 96 in ktc-interp's order in registers.
func.func @pieces_tree(%x: index, %y: index, %q0: index, %sa: f32) attributes {grid = [1]} {
  %t = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %rpt = arith.constant 1 : index
  %row = arith.muli %t, %rpt : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 96], strides: [96, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 95 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x96xf32>
  %tx = ktdp.construct_access_tile %X[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 95 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<1x96xf32> -> !ktdp.access_tile<1x96xindex>
  %v0 = ktdp.load %tx : !ktdp.access_tile<1x96xindex> -> tensor<1x96xf32>
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<1x96xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v0 : tensor<1x96xf32>) outs(%e3 : tensor<1x96xf32>) {
  ^bb0(%in: f32, %out: f32):
    %ok2 = arith.cmpf ogt, %in, %zero : f32
    %b1 = arith.select %ok2, %in, %zero : f32
    linalg.yield %b1 : f32
  } -> tensor<1x96xf32>
  %ri = arith.constant 0.0 : f32
  %i0 = tensor.splat %ri : tensor<1xf32>
  %s = linalg.reduce { arith.addf } ins(%m : tensor<1x96xf32>) outs(%i0 : tensor<1xf32>) dimensions = [1]
  %e4 = tensor.empty() : tensor<1x1xf32>
  %s2 = tensor.expand_shape %s [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 1], strides: [1, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 0 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x1xf32>
  %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 0 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x1xf32> -> !ktdp.access_tile<1x1xindex>
  ktdp.store %s2, %ty : tensor<1x1xf32>, !ktdp.access_tile<1x1xindex>
  return
}
