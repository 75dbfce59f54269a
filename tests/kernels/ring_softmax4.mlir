// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// ring_softmax4.mlir - a softmax of 2 rows of 32768 f16 spread by hand
// over 4 tiles, each its quarter of every row: a partial max, its
// all-reduce over the ring, exp(x - max), a partial sum, its all-reduce,
// the division. Each all-reduce folds the identity and 4 partials
// (tensor<1xf16>); the fold is computed once, in a generic of its own
// (its result a scratchpad scalar the next pass splats), not fused into
// the row-wide generic that reads it broadcast, which would recompute it
// for every vector of the quarter row (split_linalg.c, recomputes).
#quad = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
module {
  func.func @softmax_kernel(%output_ptr: index, %input_ptr: index) attributes {grid = [4]} {
    %t = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %W = arith.constant 8192 : index
    %col = arith.muli %t, %W : index
    %in = ktdp.construct_memory_view %input_ptr, sizes: [2, 32768], strides: [32768, 1] {
        coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 32767 >= 0)>,
        memory_space = #ktdp.memory_space<global>} : memref<2x32768xf16>
    %out = ktdp.construct_memory_view %output_ptr, sizes: [2, 32768], strides: [32768, 1] {
        coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 32767 >= 0)>,
        memory_space = #ktdp.memory_space<global>} : memref<2x32768xf16>
    scf.for %row = %c0 to %c2 step %c1 : index {
      %ia = ktdp.construct_access_tile %in[%row, %col] {
          access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
          access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x32768xf16> -> !ktdp.access_tile<1x8192xindex>
      %x = ktdp.load %ia : !ktdp.access_tile<1x8192xindex> -> tensor<1x8192xf16>
      %neg_inf = arith.constant 0xFC00 : f16
      %max_init = tensor.splat %neg_inf : tensor<1xf16>
      %pmax = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x8192xf16>) outs(%max_init : tensor<1xf16>) dimensions = [1]
      %f1 = ktdp.inter_tile_produce producer_tiles_per_group = #quad
          -> <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> {
      ^bb0(%g: index):
        ktdp.yield_partial %pmax : tensor<1xf16>
      }
      %m = ktdp.inter_tile_reduce(%f1) consumer_tiles_per_group = #quad, identity(%max_init : tensor<1xf16>)
          : <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<1xf16> {
      ^bb0(%a: tensor<1xf16>, %b: tensor<1xf16>):
        %o = arith.maxnumf %a, %b : tensor<1xf16>
        ktdp.yield_reduced %o : tensor<1xf16>
      }
      %ms = tensor.extract %m[%c0] : tensor<1xf16>
      %mv = tensor.splat %ms : tensor<1x8192xf16>
      %d = arith.subf %x, %mv : tensor<1x8192xf16>
      %e = math.exp %d : tensor<1x8192xf16>
      %zero = arith.constant 0.0 : f16
      %sum_init = tensor.splat %zero : tensor<1xf16>
      %psum = linalg.reduce { arith.addf } ins(%e : tensor<1x8192xf16>) outs(%sum_init : tensor<1xf16>) dimensions = [1]
      %f2 = ktdp.inter_tile_produce producer_tiles_per_group = #quad
          -> <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> {
      ^bb0(%g: index):
        ktdp.yield_partial %psum : tensor<1xf16>
      }
      %s = ktdp.inter_tile_reduce(%f2) consumer_tiles_per_group = #quad, identity(%sum_init : tensor<1xf16>)
          : <(tensor<1xf16>), groups = affine_set<(g) : (g == 0)>> -> tensor<1xf16> {
      ^bb0(%a: tensor<1xf16>, %b: tensor<1xf16>):
        %o = arith.addf %a, %b : tensor<1xf16>
        ktdp.yield_reduced %o : tensor<1xf16>
      }
      %ss = tensor.extract %s[%c0] : tensor<1xf16>
      %sv = tensor.splat %ss : tensor<1x8192xf16>
      %y = arith.divf %e, %sv : tensor<1x8192xf16>
      %oa = ktdp.construct_access_tile %out[%row, %col] {
          access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
          access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x32768xf16> -> !ktdp.access_tile<1x8192xindex>
      ktdp.store %y, %oa : tensor<1x8192xf16>, !ktdp.access_tile<1x8192xindex>
      scf.yield
    }
    return
  }
}
