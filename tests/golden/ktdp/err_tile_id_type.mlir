// Tile ids are of type index.
func.func @f() {
  %id = ktdp.get_compute_tile_id : i32
  return
}
