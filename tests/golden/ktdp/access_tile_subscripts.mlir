// Subscripts are affine expressions over SSA values and literals; a value
// used twice is one map dim, a result of a group is addressed with '#'.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%v: memref<96x64xf16>, %start: index, %i: index) {
  %t:2 = ktdp.get_compute_tile_id : index, index
  %a = ktdp.construct_access_tile %v[%start + %i, 0] {access_tile_set = #set, access_tile_order = #id} : memref<96x64xf16> -> !ktdp.access_tile<4x64xindex>
  %b = ktdp.construct_access_tile %v[2 * %i + %i, (%t#1 floordiv 64) mod 2] {access_tile_set = #set, access_tile_order = #id} : memref<96x64xf16> -> !ktdp.access_tile<4x64xindex>
  return
}
