// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg s0_in=16 --arg a0_ptr=f16:64x16 --arg b_ptr=f16:128x16
// LAUNCH: --arg s0_in=33 --arg a0_ptr=f16:64x33 --arg b_ptr=f16:128x33
// LAUNCH: --arg s0_in=31 --arg a0_ptr=f16:64x31 --arg b_ptr=f16:128x31
// LAUNCH: --arg s0_in=23 --arg a0_ptr=f16:64x23 --arg b_ptr=f16:128x23
// LAUNCH: --arg s0_in=17 --arg a0_ptr=f16:64x17 --arg b_ptr=f16:128x17
// LAUNCH: --arg s0_in=63 --arg a0_ptr=f16:64x63 --arg b_ptr=f16:128x63
// LAUNCH: --arg s0_in=1 --arg a0_ptr=f16:64x1 --arg b_ptr=f16:128x1
// LAUNCH: --arg s0_in=0 --arg a0_ptr=f16:64x1 --arg b_ptr=f16:128x1
// LAUNCH: --arg s0_in=64 --arg a0_ptr=f16:64x64 --arg b_ptr=f16:128x64
// rows_stride_masked.mlir - rows 32..63 of a 64 x s0 matrix copied to the
// same rows of a 128 x s0 one, s0 (columns and row stride) known only at
// launch: 16-column tiles masked at s0, each row read and written through
// its own cast of the view at row * s0 (rows land at any alignment).
#A0_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#B_set  = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile   = affine_set<(d0, d1)     : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 15 >= 0)>
#order  = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rows_stride_masked(%a0_ptr: index, %b_ptr: index, %s0_in: i32) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %s0 = arith.index_cast %s0_in : i32 to index
    %A0_view = ktdp.construct_memory_view %a0_ptr, sizes: [64, %s0], strides: [%s0, 1] {
      coordinate_set = #A0_set, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
    %B_view = ktdp.construct_memory_view %b_ptr, sizes: [128, %s0], strides: [%s0, 1] {
      coordinate_set = #B_set, memory_space = #ktdp.memory_space<global>} : memref<128x?xf16>
    scf.for %coff = %c0 to %s0 step %c16 {
        %A_tile = ktdp.construct_access_tile %A0_view[%c32, %coff] {
          access_tile_set = #tile, access_tile_order = #order
        } : memref<64x?xf16> -> !ktdp.access_tile<32x16xindex>
        %B_tile = ktdp.construct_access_tile %B_view[%c32, %coff] {
          access_tile_set = #tile, access_tile_order = #order
        } : memref<128x?xf16> -> !ktdp.access_tile<32x16xindex>
        %data = ktdp.load %A_tile : !ktdp.access_tile<32x16xindex> -> tensor<32x16xf16>
        ktdp.store %data, %B_tile : tensor<32x16xf16>, !ktdp.access_tile<32x16xindex>
    }
    return
  }
}
