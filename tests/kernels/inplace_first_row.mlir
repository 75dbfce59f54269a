// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre sample
// inplace_first_row.mlir - x[r] += x[0] in place over the 6 rows of a
// 6x64 f16 tensor: row 0 doubles first, and every later row adds the
// doubled row 0. The load of row 0 is the same at every row, but the loop
// writes it: ktc-nest's broadcast leaves it in the loop (hoisted, it read
// row 0 before it doubled: every row after it wrong).
module {
  func.func @inplace_first_row(%x: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %X = ktdp.construct_memory_view %x, sizes: [6, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<6x64xf16>
    scf.for %r = %c0 to %c6 step %c1 {
      %t0 = ktdp.construct_access_tile %X[%c0, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<6x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tr = ktdp.construct_access_tile %X[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<6x64xf16> -> !ktdp.access_tile<1x64xindex>
      %a = ktdp.load %t0 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %b = ktdp.load %tr : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %s = arith.addf %a, %b : tensor<1x64xf16>
      ktdp.store %s, %tr : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
