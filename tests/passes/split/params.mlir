// RUN: ktc-split
// PARSE: --device=sample
// Groups in nested loops: the inner loop's group is numbered first (post-
// order), then the outer loop body's. The kernel's arguments and the loop
// variables a group reaches become its program's parameters, in order of
// first use; the tile-id math and the views are cloned into it.
#rows = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @nested(%x: index, %y: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = ktdp.get_compute_tile_id : index
  %base = arith.muli %t, %c2 : index
  %X = ktdp.construct_memory_view %x, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [8, 64], strides: [64, 1] {
    coordinate_set = #rows, memory_space = #ktdp.memory_space<global>} : memref<8x64xf16>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %tx = ktdp.construct_access_tile %X[%base + %i * 4 + %j, %c0] {
        access_tile_set = #row, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %n = arith.negf %v : tensor<1x64xf16>
      ktdp.store %n, %tx : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    %ty = ktdp.construct_access_tile %Y[%base + %i, %c0] {
      access_tile_set = #row, access_tile_order = #id} : memref<8x64xf16> -> !ktdp.access_tile<1x64xindex>
    %w = ktdp.load %ty : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %a = math.absf %w : tensor<1x64xf16>
    ktdp.store %a, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
