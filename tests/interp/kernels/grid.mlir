// Grid linearisation and memref arguments: on grid [2, 3] tile (x, y)
// writes 10*x + y at element x + 2*y of a memref argument.
func.func @grid(%out: memref<6xi32>) attributes {grid = [2, 3]} {
  %x, %y = ktdp.get_compute_tile_id : index, index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %y2 = arith.muli %y, %c2 : index
  %lin = arith.addi %x, %y2 : index
  %x10 = arith.muli %x, %c10 : index
  %v = arith.addi %x10, %y : index
  %v32 = arith.index_cast %v : index to i32
  %t = tensor.splat %v32 : tensor<1xi32>
  %at = ktdp.construct_access_tile %out[%lin] {access_tile_set = affine_set<(d0) : (d0 == 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<6xi32> -> !ktdp.access_tile<1xindex>
  ktdp.store %t, %at : tensor<1xi32>, <1xindex>
  return
}
