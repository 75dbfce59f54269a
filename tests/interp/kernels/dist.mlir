// A 8x4 global tensor: rows 0-4 in device memory (row-major), rows 5-7 in
// core 1's scratchpad (column-major). One tile reads rows 3..6 (straddling).
func.func @dist(%a: index, %out: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %lx = arith.constant 64 : index
  %p0 = ktdp.construct_memory_view %a, sizes: [5, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4 >= 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<5x4xf32>
  %p1 = ktdp.construct_memory_view %lx, sizes: [3, 4], strides: [1, 3] {coordinate_set = affine_set<(d0, d1) : (d0 - 5 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>} : memref<3x4xf32>
  %g = ktdp.construct_distributed_memory_view (%p0, %p1 : memref<5x4xf32>, memref<3x4xf32>) : memref<8x4xf32>
  %pid = ktdp.get_compute_tile_id : index
  %is1 = arith.cmpi eq, %pid, %c0 : index
  scf.if %is1 {
    // core 0 first writes the scratchpad part through the distributed view
    %rows = ktdp.construct_access_tile %g[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 - 5 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x4xf32> -> !ktdp.access_tile<3x4xindex>
    %v = arith.constant dense<7.0> : tensor<3x4xf32>
    ktdp.store %v, %rows : tensor<3x4xf32>, <3x4xindex>
    %t = ktdp.construct_access_tile %g[%c3, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x4xf32> -> !ktdp.access_tile<4x4xindex>
    %x = ktdp.load %t : <4x4xindex> -> tensor<4x4xf32>
    %ov = ktdp.construct_memory_view %out, sizes: [4, 4], strides: [4, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x4xf32>
    %ot = ktdp.construct_access_tile %ov[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<4x4xf32> -> !ktdp.access_tile<4x4xindex>
    ktdp.store %x, %ot : tensor<4x4xf32>, <4x4xindex>
  }
  return
}
