// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=sample
// Each of 2 cores doubles rows [2 * tile, min(2 * tile + 2, %n)): the
// bound is arith.select of arith.cmpi, a min, so the upper bound is a
// derived symbol per core, min(2 * c + 2, %n), written with arith.minsi
// (what a symbol expression can compute); the lower bound a per-core
// constant.
module {
  func.func @double_rows(%n: index, %x: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tile = ktdp.get_compute_tile_id : index
    %lo = arith.muli %tile, %c2 : index
    %hi0 = arith.addi %lo, %c2 : index
    %lt = arith.cmpi slt, %hi0, %n : index
    %hi = arith.select %lt, %hi0, %n : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    scf.for %r = %lo to %hi step %c1 {
      %t = ktdp.construct_access_tile %X[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %t : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %d = arith.addf %v, %v : tensor<1x64xf16>
      ktdp.store %d, %t : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
