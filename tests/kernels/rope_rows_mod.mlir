// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// rope_rows_mod.mlir - rotary embedding on X[512, 128] f16 = 4 heads x 128
// positions (row h * 128 + s), COS, SIN[128, 64], over a [4, 2] grid
// (%pid:2): tile (px, py) takes heads [2 py, 2 py + 2) in its outer loop
// and positions [32 px, 32 px + 32) in blocks of 16 rows in its inner one;
// a block's position is its row id remui 128, and its halves (the second
// at column offset 64) give Y = (x1 cos - x2 sin, x2 cos + x1 sin).
// ktc-split makes the remainder s (split_index.c): the COS/SIN tiles move
// with the loop IVs and ktc-nest loads them in bulk (the 1-row DMAs of the
// non-affine position had made a 163840-row version 16x slower).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#ident = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rope_fwd_kernel(%x_ptr: index, %cos_ptr: index, %sin_ptr: index,
                             %y_ptr: index) attributes {grid = [4, 2]} {
    %pid:2 = ktdp.get_compute_tile_id : index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %s_lo = arith.muli %pid#0, %c32 : index
    %s_hi = arith.addi %s_lo, %c32 : index
    %h_lo = arith.muli %pid#1, %c2 : index
    %h_hi = arith.addi %h_lo, %c2 : index
    %X = ktdp.construct_memory_view %x_ptr, sizes: [512, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<512x128xf16>
    %Y = ktdp.construct_memory_view %y_ptr, sizes: [512, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 511 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<512x128xf16>
    %COS = ktdp.construct_memory_view %cos_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %SIN = ktdp.construct_memory_view %sin_ptr, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    scf.for %h = %h_lo to %h_hi step %c1 : index {
      %base = arith.muli %h, %c128 : index
      scf.for %s = %s_lo to %s_hi step %c16 : index {
        %r = arith.addi %base, %s : index
        %pos = arith.remui %r, %c128 : index
        %ct = ktdp.construct_access_tile %COS[%pos, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<128x64xf16> -> !ktdp.access_tile<16x64xindex>
        %st = ktdp.construct_access_tile %SIN[%pos, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<128x64xf16> -> !ktdp.access_tile<16x64xindex>
        %cos = ktdp.load %ct : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>
        %sin = ktdp.load %st : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>
        %t1 = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<512x128xf16> -> !ktdp.access_tile<16x64xindex>
        %t2 = ktdp.construct_access_tile %X[%r, %c64] {access_tile_set = #blk, access_tile_order = #ident} : memref<512x128xf16> -> !ktdp.access_tile<16x64xindex>
        %x1 = ktdp.load %t1 : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>
        %x2 = ktdp.load %t2 : !ktdp.access_tile<16x64xindex> -> tensor<16x64xf16>
        %a = arith.mulf %x1, %cos : tensor<16x64xf16>
        %b = arith.mulf %x2, %sin : tensor<16x64xf16>
        %y1 = arith.subf %a, %b : tensor<16x64xf16>
        %c = arith.mulf %x2, %cos : tensor<16x64xf16>
        %d = arith.mulf %x1, %sin : tensor<16x64xf16>
        %y2 = arith.addf %c, %d : tensor<16x64xf16>
        %u1 = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<512x128xf16> -> !ktdp.access_tile<16x64xindex>
        %u2 = ktdp.construct_access_tile %Y[%r, %c64] {access_tile_set = #blk, access_tile_order = #ident} : memref<512x128xf16> -> !ktdp.access_tile<16x64xindex>
        ktdp.store %y1, %u1 : tensor<16x64xf16>, !ktdp.access_tile<16x64xindex>
        ktdp.store %y2, %u2 : tensor<16x64xf16>, !ktdp.access_tile<16x64xindex>
      }
    }
    return
  }
}
