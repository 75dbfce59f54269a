// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// spread_grid2.mlir - spread_center's kernel on 4 rows over a grid of 2
// tiles, 2 rows each: the spread runs each tile on K cores (grid [2 K]),
// tile t the kernel's tile t / K at block t mod K of its rows; the ring
// exchanges stay within a tile's K cores (t xor K/2, ..., t xor 1), so
// each tile's sums are ktc-interp's, bit for bit (spyre: K 4, 5319 cycles;
// 5788 unspread, already near the memory's aggregate bandwidth).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @spread_grid2(%x: index, %y: index) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %start = arith.muli %tile, %c2 : index
  %end = arith.addi %start, %c2 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 65536], strides: [65536, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x65536xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 65536], strides: [65536, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x65536xf16>
  scf.for %r = %start to %end step %c1 {
    %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x65536xindex> -> tensor<1x65536xf16>
    %zero = arith.constant 0.0 : f16
    %init = tensor.splat %zero : tensor<1xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<1x65536xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %s[%c0] : tensor<1xf16>
    %n = arith.constant 256.0 : f16
    %mean = arith.divf %ss, %n : f16
    %mb = tensor.splat %mean : tensor<1x65536xf16>
    %d = arith.subf %v, %mb : tensor<1x65536xf16>
    %e = math.exp %d : tensor<1x65536xf16>
    %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    ktdp.store %e, %ty : tensor<1x65536xf16>, !ktdp.access_tile<1x65536xindex>
  }
  return
}
