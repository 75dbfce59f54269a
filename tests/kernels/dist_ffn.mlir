// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// dist_ffn.mlir - a 4-core FFN over distributed views, ffn_swiglu_4core in
// small: W_gate [64, 256] column-sharded and W_down [256, 64] row-sharded
// into four 64x64 partitions of one matrix each; tile t reads shard t of
// both through the distributed views (ktc-split moves the access tiles onto
// plain views of the matrices), computes silu(x W_gate_t) W_down_t, 2x64,
// all-reduces it collapsed to 128 elements and expanded back (the exchange
// runs on the 2x64 tensor), adds x, and tile 0 stores the result.
#x_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#shard = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#g0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#g1 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 - 64 >= 0, -d1 + 127 >= 0)>
#g2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 - 128 >= 0, -d1 + 191 >= 0)>
#g3 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 - 192 >= 0, -d1 + 255 >= 0)>
#d1 = affine_set<(d0, d1) : (d0 - 64 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#d2 = affine_set<(d0, d1) : (d0 - 128 >= 0, -d0 + 191 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#d3 = affine_set<(d0, d1) : (d0 - 192 >= 0, -d0 + 255 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_set<(i)[g] : (i - 4*g >= 0, -i + 4*g + 3 >= 0)>
func.func @dist_ffn(%x_ptr: index, %wg: index, %wd: index, %out_ptr: index) attributes {grid = [4]} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c192 = arith.constant 192 : index
  %c4096 = arith.constant 4096 : index
  %c8192 = arith.constant 8192 : index
  %c12288 = arith.constant 12288 : index
  %pid = ktdp.get_compute_tile_id : index
  %start = arith.muli %pid, %c64 : index
  %X = ktdp.construct_memory_view %x_ptr, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %O = ktdp.construct_memory_view %out_ptr, sizes: [2, 64], strides: [64, 1] {
    coordinate_set = #x_set, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %wg1 = arith.addi %wg, %c64 : index
  %wg2 = arith.addi %wg, %c128 : index
  %wg3 = arith.addi %wg, %c192 : index
  %G0 = ktdp.construct_memory_view %wg, sizes: [64, 64], strides: [256, 1] {
    coordinate_set = #g0, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %G1 = ktdp.construct_memory_view %wg1, sizes: [64, 64], strides: [256, 1] {
    coordinate_set = #g1, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %G2 = ktdp.construct_memory_view %wg2, sizes: [64, 64], strides: [256, 1] {
    coordinate_set = #g2, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %G3 = ktdp.construct_memory_view %wg3, sizes: [64, 64], strides: [256, 1] {
    coordinate_set = #g3, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %WG = ktdp.construct_distributed_memory_view (%G0, %G1, %G2, %G3 : memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf16>) : memref<64x256xf16>
  %wd1 = arith.addi %wd, %c4096 : index
  %wd2 = arith.addi %wd, %c8192 : index
  %wd3 = arith.addi %wd, %c12288 : index
  %D0 = ktdp.construct_memory_view %wd, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #g0, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %D1 = ktdp.construct_memory_view %wd1, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #d1, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %D2 = ktdp.construct_memory_view %wd2, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #d2, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %D3 = ktdp.construct_memory_view %wd3, sizes: [64, 64], strides: [64, 1] {
    coordinate_set = #d3, memory_space = #ktdp.memory_space<global>} : memref<64x64xf16>
  %WD = ktdp.construct_distributed_memory_view (%D0, %D1, %D2, %D3 : memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf16>) : memref<256x64xf16>
  %x_acc = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #x_set, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
  %x = ktdp.load %x_acc : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
  %g_acc = ktdp.construct_access_tile %WG[%c0, %start] {access_tile_set = #shard, access_tile_order = #id} : memref<64x256xf16> -> !ktdp.access_tile<64x64xindex>
  %w_g = ktdp.load %g_acc : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %e0 = tensor.empty() : tensor<2x64xf16>
  %gate = linalg.matmul ins(%x, %w_g : tensor<2x64xf16>, tensor<64x64xf16>) outs(%e0 : tensor<2x64xf16>) -> tensor<2x64xf16>
  %neg = arith.negf %gate : tensor<2x64xf16>
  %ex = math.exp %neg : tensor<2x64xf16>
  %one = arith.constant dense<1.0> : tensor<2x64xf16>
  %den = arith.addf %one, %ex : tensor<2x64xf16>
  %sig = arith.divf %one, %den : tensor<2x64xf16>
  %h = arith.mulf %gate, %sig : tensor<2x64xf16>
  %d_acc = ktdp.construct_access_tile %WD[%start, %c0] {access_tile_set = #shard, access_tile_order = #id} : memref<256x64xf16> -> !ktdp.access_tile<64x64xindex>
  %w_d = ktdp.load %d_acc : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
  %e1 = tensor.empty() : tensor<2x64xf16>
  %part = linalg.matmul ins(%h, %w_d : tensor<2x64xf16>, tensor<64x64xf16>) outs(%e1 : tensor<2x64xf16>) -> tensor<2x64xf16>
  %flat = tensor.collapse_shape %part [[0, 1]] : tensor<2x64xf16> into tensor<128xf16>
  %fut = ktdp.inter_tile_produce producer_tiles_per_group = #all
      : tensor<128xf16> -> !ktdp.tile_future<tensor<128xf16>, groups = affine_set<(g) : (g == 0)>> {
  ^bb0(%gid: index):
    ktdp.yield_partial %flat : tensor<128xf16>
  }
  %zero = arith.constant 0.0 : f16
  %e2 = tensor.empty() : tensor<128xf16>
  %idv = linalg.fill ins(%zero : f16) outs(%e2 : tensor<128xf16>) -> tensor<128xf16>
  %red = ktdp.inter_tile_reduce(%fut) consumer_tiles_per_group = #all, identity(%idv : tensor<128xf16>)
      : !ktdp.tile_future<tensor<128xf16>, groups = affine_set<(g) : (g == 0)>> -> tensor<128xf16> {
  ^bb0(%l: tensor<128xf16>, %r: tensor<128xf16>):
    %i = tensor.empty() : tensor<128xf16>
    %s = linalg.add ins(%l, %r : tensor<128xf16>, tensor<128xf16>) outs(%i : tensor<128xf16>) -> tensor<128xf16>
    ktdp.yield_reduced %s : tensor<128xf16>
  }
  %sum = tensor.expand_shape %red [[0, 1]] output_shape [2, 64] : tensor<128xf16> into tensor<2x64xf16>
  %res = arith.addf %x, %sum : tensor<2x64xf16>
  %first = arith.cmpi eq, %pid, %c0 : index
  scf.if %first {
    %o_acc = ktdp.construct_access_tile %O[%c0, %c0] {access_tile_set = #x_set, access_tile_order = #id} : memref<2x64xf16> -> !ktdp.access_tile<2x64xindex>
    ktdp.store %res, %o_acc : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  }
  return
}
