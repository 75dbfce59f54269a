// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg s0_in=16 --arg a0_ptr=f32:64x16 --arg b_ptr=f32:128x16
// LAUNCH: --arg s0_in=33 --arg a0_ptr=f32:64x33 --arg b_ptr=f32:128x33
// LAUNCH: --arg s0_in=31 --arg a0_ptr=f32:64x31 --arg b_ptr=f32:128x31
// LAUNCH: --arg s0_in=23 --arg a0_ptr=f32:64x23 --arg b_ptr=f32:128x23
// LAUNCH: --arg s0_in=1 --arg a0_ptr=f32:64x1 --arg b_ptr=f32:128x1
// LAUNCH: --arg s0_in=0 --arg a0_ptr=f32:64x1 --arg b_ptr=f32:128x1
// LAUNCH: --arg s0_in=64 --arg a0_ptr=f32:64x64 --arg b_ptr=f32:128x64
// index_pieces.mlir - rows_stride_masked.mlir on f32 with a linalg.index
// mask (columns j <= 4 of each 16-column tile kept, -inf elsewhere): tiles
// of launch-time strides masked at s0 and stored under a byte mask go in
// pieces (whole tiles, then 8, 4, 2, 1 columns at me - r mod 2w): each
// piece's chunk takes that column origin (s0 = 23 and 31 tell).
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
      coordinate_set = #A0_set, memory_space = #ktdp.memory_space<global>} : memref<64x?xf32>
    %B_view = ktdp.construct_memory_view %b_ptr, sizes: [128, %s0], strides: [%s0, 1] {
      coordinate_set = #B_set, memory_space = #ktdp.memory_space<global>} : memref<128x?xf32>
    scf.for %coff = %c0 to %s0 step %c16 {
        %A_tile = ktdp.construct_access_tile %A0_view[%c32, %coff] {
          access_tile_set = #tile, access_tile_order = #order
        } : memref<64x?xf32> -> !ktdp.access_tile<32x16xindex>
        %B_tile = ktdp.construct_access_tile %B_view[%c32, %coff] {
          access_tile_set = #tile, access_tile_order = #order
        } : memref<128x?xf32> -> !ktdp.access_tile<32x16xindex>
        %data = ktdp.load %A_tile : !ktdp.access_tile<32x16xindex> -> tensor<32x16xf32>
        %mk_e = tensor.empty() : tensor<32x16xf32>
        %mk_ninf = arith.constant 0xFF800000 : f32
        %mk_f = arith.constant 1 : index
        %mk_c = arith.constant 4 : index
        %mk_l0 = arith.muli %c0, %mk_f : index
        %vmask = linalg.generic {indexing_maps = [affine_map<(d0,d1) -> (d0,d1)>, affine_map<(d0,d1) -> (d0,d1)>], iterator_types = ["parallel", "parallel"]} ins(%data : tensor<32x16xf32>) outs(%mk_e : tensor<32x16xf32>) {
        ^bb0(%mk_a: f32, %mk_o: f32):
          %mk_j = linalg.index 1 : index
          %mk_l = arith.addi %mk_l0, %mk_c : index
          %mk_ok = arith.cmpi sle, %mk_j, %mk_l : index
          %mk_s = arith.select %mk_ok, %mk_a, %mk_ninf : f32
          linalg.yield %mk_s : f32
        } -> tensor<32x16xf32>
        ktdp.store %vmask, %B_tile : tensor<32x16xf32>, !ktdp.access_tile<32x16xindex>
    }
    return
  }
}
