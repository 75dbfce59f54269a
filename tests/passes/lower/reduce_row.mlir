// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// S[r] = max over X[r, :], one row per core of a grid of 2: the reduction
// is a vectorchain.reduce of the 64 lanes into the output's initial value,
// the -inf splat (constant_bitstream 0xFC00). The row is the core id, so
// each DDR view starts at the argument plus a per-core offset: one derived
// symbol per core, defined in the kernel, chosen by a map on the unit.
module {
  func.func @row_max(%x: index, %s: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %r = ktdp.get_compute_tile_id : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2x64xf16>
    %S = ktdp.construct_memory_view %s, sizes: [2], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<2xf16>
    %tx = ktdp.construct_access_tile %X[%r, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ts = ktdp.construct_access_tile %S[%r] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<2xf16> -> !ktdp.access_tile<1xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %ninf = arith.constant 0xFC00 : f16
    %init = tensor.splat %ninf : tensor<1xf16>
    %m = linalg.reduce { arith.maximumf } ins(%v : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    ktdp.store %m, %ts : tensor<1xf16>, !ktdp.access_tile<1xindex>
    return
  }
}
