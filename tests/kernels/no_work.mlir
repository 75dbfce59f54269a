// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// no_work.mlir - a kernel that stores nothing (its load is dead): it
// compiles to a binary without programs, which runs in 0 cycles.
func.func @no_work(%x: index) attributes {grid = [2]} {
  %X = ktdp.construct_memory_view %x, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
  %tile = ktdp.get_compute_tile_id : index
  %t = ktdp.construct_access_tile %X[%tile, 0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<2x64xf16> -> !ktdp.access_tile<1x64xindex>
  %v = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  return
}
