// RUN: ktc-split
// PARSE: --device=spyre
// An all-reduce between the tiles of a [2, 2] grid that share a row block
// (%r, the coordinate along grid dimension 0): linear ids r + 2 h, so the
// groups are {0, 2} and {1, 3} (a strided group set) and each tile reads
// the other's partial: source_tiles = [2, 3, 0, 1]. Tile (r, h) stores the
// sum in row r, columns 64 h .. 64 h + 63 of %y.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#pairs = affine_set<(i)[g] : (i - g >= 0, -i + g + 2 >= 0, (i - g) mod 2 == 0)>
func.func @ring_grid2d(%x: index, %y: index) attributes {grid = [2, 2]} {
  %c64 = arith.constant 64 : index
  %r, %h = ktdp.get_compute_tile_id : index, index
  %col = arith.muli %h, %c64 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 128], strides: [128, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
  %tx = ktdp.construct_access_tile %X[%r, %col] {access_tile_set = #row, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%r, %col] {access_tile_set = #row, access_tile_order = #id} : memref<2x128xf16> -> !ktdp.access_tile<1x64xindex>
  %part = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %f = ktdp.inter_tile_produce producer_tiles_per_group = #pairs
      -> <(tensor<1x64xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> {
  ^bb0(%g: index):
    ktdp.yield_partial %part : tensor<1x64xf16>
  }
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1x64xf16>
  %id0 = linalg.fill ins(%zero : f16) outs(%e : tensor<1x64xf16>) -> tensor<1x64xf16>
  %sum = ktdp.inter_tile_reduce(%f) consumer_tiles_per_group = #pairs, identity(%id0 : tensor<1x64xf16>)
      : <(tensor<1x64xf16>), groups = affine_set<(g) : (g >= 0, -g + 1 >= 0)>> -> tensor<1x64xf16> {
  ^bb0(%a: tensor<1x64xf16>, %b: tensor<1x64xf16>):
    %o = tensor.empty() : tensor<1x64xf16>
    %s = linalg.add ins(%a, %b : tensor<1x64xf16>, tensor<1x64xf16>) outs(%o : tensor<1x64xf16>) -> tensor<1x64xf16>
    ktdp.yield_reduced %s : tensor<1x64xf16>
  }
  ktdp.store %sum, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
