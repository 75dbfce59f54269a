// Tile-size placeholders, the trip count of a point loop, and the
// linearized index of a tiled loop nest.
func.func @tiling(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ts = ktdf.tiling.reserve_size {divisibility = 4 : index, min_value = 8 : index} : index
  %trips = arith.ceildivui %n, %ts : index
  scf.for %i0 = %c0 to %trips step %c1 {
    %x = ktdf.tiling.derive_size [%i0 : %ts], total_size = %n : index
    scf.for %i1 = %c0 to %x step %c1 {
      %idx = ktdf.tiling.linearize_index [%i0 : %ts], [%i1 : %c1] : index
    }
  } {loop_type = #ktdf.loop_type<parallel_loop>}
  return
}
