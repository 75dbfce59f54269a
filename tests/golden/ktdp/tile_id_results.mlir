// get_compute_tile_id binds one index per grid dimension, as a list or a group.
func.func @f() attributes {grid = [2, 4, 1]} {
  %id = ktdp.get_compute_tile_id : index
  %x, %y = ktdp.get_compute_tile_id : index, index
  %t:3 = ktdp.get_compute_tile_id : index, index, index
  %s = arith.addi %x, %t#2 : index
  return
}
