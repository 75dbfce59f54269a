// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// rope_fwd_small.mlir - tests/bench/kernels/rope_fwd_4x2.mlir scaled down:
// rotary position embedding on X[64, 128] f16 = 16 positions x 4 heads
// (row s * 4 + h), COS, SIN[16, 64], over a [4, 2] grid (two tile ids):
// tile (px, py) takes positions [4 px, 4 px + 4) and heads [2 py, 2 py + 2)
// in two nested loops; per row the halves x1 = X[r, 0:64] and x2 =
// X[r, 64:128] (the second tile at column offset 64) give
//   Y[r, 0:64] = x1 cos - x2 sin,  Y[r, 64:128] = x2 cos + x1 sin.
#half = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#ident = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rope_fwd_kernel(%x_ptr: index, %cos_ptr: index, %sin_ptr: index,
                             %y_ptr: index) attributes {grid = [4, 2]} {
    %px, %py = ktdp.get_compute_tile_id : index, index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %s_lo = arith.muli %px, %c4 : index
    %s_hi = arith.addi %s_lo, %c4 : index
    %h_lo = arith.muli %py, %c2 : index
    %h_hi = arith.addi %h_lo, %c2 : index
    %X = ktdp.construct_memory_view %x_ptr, sizes: [64, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<64x128xf16>
    %Y = ktdp.construct_memory_view %y_ptr, sizes: [64, 128], strides: [128, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<64x128xf16>
    %COS = ktdp.construct_memory_view %cos_ptr, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf16>
    %SIN = ktdp.construct_memory_view %sin_ptr, sizes: [16, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<16x64xf16>
    scf.for %s = %s_lo to %s_hi step %c1 : index {
      %ct = ktdp.construct_access_tile %COS[%s, %c0] {
        access_tile_set = #half, access_tile_order = #ident
      } : memref<16x64xf16> -> !ktdp.access_tile<1x64xindex>
      %st = ktdp.construct_access_tile %SIN[%s, %c0] {
        access_tile_set = #half, access_tile_order = #ident
      } : memref<16x64xf16> -> !ktdp.access_tile<1x64xindex>
      %cos = ktdp.load %ct : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sin = ktdp.load %st : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %row0 = arith.muli %s, %c4 : index
      scf.for %h = %h_lo to %h_hi step %c1 : index {
        %r = arith.addi %row0, %h : index
        %t1 = ktdp.construct_access_tile %X[%r, %c0] {
          access_tile_set = #half, access_tile_order = #ident
        } : memref<64x128xf16> -> !ktdp.access_tile<1x64xindex>
        %t2 = ktdp.construct_access_tile %X[%r, %c64] {
          access_tile_set = #half, access_tile_order = #ident
        } : memref<64x128xf16> -> !ktdp.access_tile<1x64xindex>
        %x1 = ktdp.load %t1 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %x2 = ktdp.load %t2 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %a = arith.mulf %x1, %cos : tensor<1x64xf16>
        %b = arith.mulf %x2, %sin : tensor<1x64xf16>
        %y1 = arith.subf %a, %b : tensor<1x64xf16>
        %c = arith.mulf %x2, %cos : tensor<1x64xf16>
        %d = arith.mulf %x1, %sin : tensor<1x64xf16>
        %y2 = arith.addf %c, %d : tensor<1x64xf16>
        %u1 = ktdp.construct_access_tile %Y[%r, %c0] {
          access_tile_set = #half, access_tile_order = #ident
        } : memref<64x128xf16> -> !ktdp.access_tile<1x64xindex>
        %u2 = ktdp.construct_access_tile %Y[%r, %c64] {
          access_tile_set = #half, access_tile_order = #ident
        } : memref<64x128xf16> -> !ktdp.access_tile<1x64xindex>
        ktdp.store %y1, %u1 : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
        ktdp.store %y2, %u2 : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
