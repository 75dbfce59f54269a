// rope_rows_mod_163840.mlir - tests/bench/kernels/rope_fwd_4x2.mlir with the
// heads outermost (row h * 4096 + s), 64-row blocks of positions, and each
// block's COS/SIN row recovered as its row id remui 4096 (split_index.c
// makes it s). Tile (px, py): positions [1024 px, +1024), heads [20 py, +20).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#ident = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rope_fwd_kernel(%x_ptr: index, %cos_ptr: index, %sin_ptr: index,
                             %y_ptr: index) attributes {grid = [4, 2]} {
    %pid:2 = ktdp.get_compute_tile_id : index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c20 = arith.constant 20 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c4096 = arith.constant 4096 : index
    %s_lo = arith.muli %pid#0, %c1024 : index
    %s_hi = arith.addi %s_lo, %c1024 : index
    %h_lo = arith.muli %pid#1, %c20 : index
    %h_hi = arith.addi %h_lo, %c20 : index
    %X = ktdp.construct_memory_view %x_ptr, sizes: [163840, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 163839 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<163840x128xf16>
    %Y = ktdp.construct_memory_view %y_ptr, sizes: [163840, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 163839 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<163840x128xf16>
    %COS = ktdp.construct_memory_view %cos_ptr, sizes: [4096, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x64xf16>
    %SIN = ktdp.construct_memory_view %sin_ptr, sizes: [4096, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x64xf16>
    scf.for %h = %h_lo to %h_hi step %c1 : index {
      %base = arith.muli %h, %c4096 : index
      scf.for %s = %s_lo to %s_hi step %c64 : index {
        %r = arith.addi %base, %s : index
        %pos = arith.remui %r, %c4096 : index
        %ct = ktdp.construct_access_tile %COS[%pos, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<4096x64xf16> -> !ktdp.access_tile<64x64xindex>
        %st = ktdp.construct_access_tile %SIN[%pos, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<4096x64xf16> -> !ktdp.access_tile<64x64xindex>
        %cos = ktdp.load %ct : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
        %sin = ktdp.load %st : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
        %t1 = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<163840x128xf16> -> !ktdp.access_tile<64x64xindex>
        %t2 = ktdp.construct_access_tile %X[%r, %c64] {access_tile_set = #blk, access_tile_order = #ident} : memref<163840x128xf16> -> !ktdp.access_tile<64x64xindex>
        %x1 = ktdp.load %t1 : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
        %x2 = ktdp.load %t2 : !ktdp.access_tile<64x64xindex> -> tensor<64x64xf16>
        %a = arith.mulf %x1, %cos : tensor<64x64xf16>
        %b = arith.mulf %x2, %sin : tensor<64x64xf16>
        %y1 = arith.subf %a, %b : tensor<64x64xf16>
        %c = arith.mulf %x2, %cos : tensor<64x64xf16>
        %d = arith.mulf %x1, %sin : tensor<64x64xf16>
        %y2 = arith.addf %c, %d : tensor<64x64xf16>
        %u1 = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #blk, access_tile_order = #ident} : memref<163840x128xf16> -> !ktdp.access_tile<64x64xindex>
        %u2 = ktdp.construct_access_tile %Y[%r, %c64] {access_tile_set = #blk, access_tile_order = #ident} : memref<163840x128xf16> -> !ktdp.access_tile<64x64xindex>
        ktdp.store %y1, %u1 : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
        ktdp.store %y2, %u2 : tensor<64x64xf16>, !ktdp.access_tile<64x64xindex>
      }
    }
    return
  }
}
