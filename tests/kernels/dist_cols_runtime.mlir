// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg n=0 --arg x0=f16:4x64 --arg x1=f16:4x64 --arg y=f16:4x64
// LAUNCH: --arg n=1 --arg x0=f16:4x64 --arg x1=f16:4x64 --arg y=f16:4x64
// LAUNCH: --arg n=17 --arg x0=f16:4x64 --arg x1=f16:4x64 --arg y=f16:4x64
// LAUNCH: --arg n=32 --arg x0=f16:4x64 --arg x1=f16:4x64 --arg y=f16:4x64
// LAUNCH: --arg n=63 --arg x0=f16:4x64 --arg x1=f16:4x64 --arg y=f16:4x64
// LAUNCH: --arg n=64 --arg x0=f16:4x64 --arg x1=f16:4x64 --arg y=f16:4x64
// dist_cols_runtime.mlir - y = the 4x64 matrix whose columns below n are
// in x0 and the others in x1 (from its column 0), n known at launch: the
// tile straddles the partitions at n, so ktc-split slices its copy at
// launch into columns [0, n) from x0 and [n, 64) from x1, each a masked
// tile (the second moved by n).
#p0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#p1 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 - s0 >= 0, -d1 + 63 >= 0)>
#box = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_cols_runtime(%x0: index, %x1: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %P0 = ktdp.construct_memory_view %x0, sizes: [4, %n], strides: [64, 1] {
    coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %P1 = ktdp.construct_memory_view %x1, sizes: [4, %n], strides: [64, 1] {
    coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %D = ktdp.construct_distributed_memory_view (%P0, %P1 : memref<4x?xf16>, memref<4x?xf16>) : memref<4x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #box, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %td = ktdp.construct_access_tile %D[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #box, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<4x64xindex>
  %v = ktdp.load %td : !ktdp.access_tile<4x64xindex> -> tensor<4x64xf16>
  ktdp.store %v, %ty : tensor<4x64xf16>, !ktdp.access_tile<4x64xindex>
  return
}
