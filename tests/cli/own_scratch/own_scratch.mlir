// own_scratch.mlir - y[t] = -D[4t .. 4t + 4) on a grid of 2, D a
// distributed view whose partition t (rows 4t .. 4t + 3) is in core t's
// scratchpad (ct_local, ct_id = t), at scratchpad address 256 of each
// core, where golden.json places the data: every tile reads its own
// core's partition, so ktc-split makes one view in each tile's own
// scratchpad (ct_local without ct_id), no ring transfer.
#p0 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#p1 = affine_set<(d0, d1) : (d0 - 4 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#b = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#y = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @own(%y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = arith.constant 256 : index
  %t = ktdp.get_compute_tile_id : index
  %row = arith.muli %t, %c4 : index
  %P0 = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = #p0, memory_space = #ktdp.memory_space<ct_local, ct_id = 0>} : memref<4x64xf16>
  %P1 = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = #p1, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>} : memref<4x64xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x64xf16>, memref<4x64xf16>) : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {coordinate_set = #y, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %td = ktdp.construct_access_tile %D[%row, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #b, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  %n = arith.negf %v : tensor<4x64xf16>
  ktdp.store %n, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
