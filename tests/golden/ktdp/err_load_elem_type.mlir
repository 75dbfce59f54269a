// A loaded tensor has the element type of the tile's memory view.
func.func @f(%v: memref<4xf16>) {
  %t = ktdp.construct_access_tile %v[0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<4xf16> -> <4xindex>
  %d = ktdp.load %t : <4xindex> -> tensor<4xf32>
  return
}
