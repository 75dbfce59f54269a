// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg n=64 --arg a0=f16:8x128 --arg a1=f16:8x128 --arg b=f16:16x128 --arg cc=f16:8x128
// LAUNCH: --arg n=128 --arg a0=f16:8x128 --arg a1=f16:8x128 --arg b=f16:16x128 --arg cc=f16:8x128
// LAUNCH: --arg n=0 --arg a0=f16:8x128 --arg a1=f16:8x128 --arg b=f16:16x128 --arg cc=f16:8x128
// dist_straddle_dynamic.mlir - the copy b = a over a distributed view of
// two row partitions in separate buffers (rows 0..7 at a0, 8..15 at a1, n
// columns each, n known at launch; rows 128 apart), and rows 4..11 into
// c: that tile straddles both buffers, so ktc-split slices its copy into
// rows 4..7 from a0 and 8..11 from a1 (the row loop is unrolled as in
// dist_rows_dynamic).
#A0_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#A1_set = affine_set<(d0, d1)[s0] : (d0 - 8 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#B_set  = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile   = affine_set<(d0, d1)     : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#order  = affine_map<(d0, d1) -> (d0, d1)>
func.func @dist_straddle_dynamic(%a0: index, %a1: index, %b: index, %cc: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %A0 = ktdp.construct_memory_view %a0, sizes: [8, %n], strides: [128, 1] {coordinate_set = #A0_set, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
  %A1 = ktdp.construct_memory_view %a1, sizes: [8, %n], strides: [128, 1] {coordinate_set = #A1_set, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
  %A = ktdp.construct_distributed_memory_view (%A0, %A1 : memref<8x?xf16>, memref<8x?xf16>) : memref<16x?xf16>
  %B = ktdp.construct_memory_view %b, sizes: [16, %n], strides: [128, 1] {coordinate_set = #B_set, memory_space = #ktdp.memory_space<global>} : memref<16x?xf16>
  %C = ktdp.construct_memory_view %cc, sizes: [8, %n], strides: [128, 1] {coordinate_set = #A0_set, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
  scf.for %c = %c0 to %n step %c64 {
    scf.for %r = %c0 to %c16 step %c8 {
      %ta = ktdp.construct_access_tile %A[%r, %c] {access_tile_set = #tile, access_tile_order = #order} : memref<16x?xf16> -> !ktdp.access_tile<8x64xindex>
      %tb = ktdp.construct_access_tile %B[%r, %c] {access_tile_set = #tile, access_tile_order = #order} : memref<16x?xf16> -> !ktdp.access_tile<8x64xindex>
      %x = ktdp.load %ta : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
      ktdp.store %x, %tb : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
    }
    %c4 = arith.constant 4 : index
    %sa = ktdp.construct_access_tile %A[%c4, %c] {access_tile_set = #tile, access_tile_order = #order} : memref<16x?xf16> -> !ktdp.access_tile<8x64xindex>
    %sb = ktdp.construct_access_tile %C[%c0, %c] {access_tile_set = #tile, access_tile_order = #order} : memref<8x?xf16> -> !ktdp.access_tile<8x64xindex>
    %s = ktdp.load %sa : !ktdp.access_tile<8x64xindex> -> tensor<8x64xf16>
    ktdp.store %s, %sb : tensor<8x64xf16>, !ktdp.access_tile<8x64xindex>
  }
  return
}
