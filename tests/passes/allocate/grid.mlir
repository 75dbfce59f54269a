// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.routed
// Grids flattened to 1-D, dimension 0 fastest as ktc-interp numbers tiles:
// tile (x, y, z) runs on core x + n0*(y + n1*z), so x = id % n0,
// y = (id / n0) % n1, z = id / (n0*n1). One result on a 3-D grid is x.
// A 1-D grid is left alone.
module {
  func.func @grid_2d() attributes {grid = [4 : index, 6 : index]} {
    %t:2 = ktdp.get_compute_tile_id : index, index
    %c16 = arith.constant 16 : index
    %r = arith.muli %t#0, %c16 : index
    %s = arith.muli %t#1, %c16 : index
    return
  }
  func.func @grid_3d() attributes {grid = [2, 3, 4]} {
    %t:3 = ktdp.get_compute_tile_id : index, index, index
    %xy = arith.addi %t#0, %t#1 : index
    %xyz = arith.addi %xy, %t#2 : index
    %x = ktdp.get_compute_tile_id : index
    return
  }
  func.func @grid_unit_dim() attributes {grid = [1, 8]} {
    %t:2 = ktdp.get_compute_tile_id : index, index
    %s = arith.addi %t#0, %t#1 : index
    return
  }
  func.func @grid_1d() attributes {grid = [8]} {
    %t = ktdp.get_compute_tile_id : index
    return
  }
}
