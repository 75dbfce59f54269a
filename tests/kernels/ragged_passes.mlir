// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// ragged_passes.mlir - nine passes over the same ragged rows: row r of an
// 8x256 f16 matrix scales its first min(r + 1, 4) blocks of 64 by 1, 2,
// .. 9 into y0 .. y8, one pass each. Each pass is tile loops (whole tiles,
// remainder pieces) whose buffer phases ktc-lower counts across the rows
// in registers; the passes' loops are the same (sched_lin_loops_same), so
// the row loop carries one count for each of their tile loops, not one a
// pass: 27 phases, 3 counts (a count a phase, past the 16 a loop carries
// the rest were numbered by row only: 5309 cycles on spyre, now 970).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ragged_passes(%x: index, %y0: index, %y1: index, %y2: index, %y3: index, %y4: index, %y5: index, %y6: index, %y7: index, %y8: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %B = arith.constant 64 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %Y0 = ktdp.construct_memory_view %y0, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k0 = arith.constant dense<1.0> : tensor<1x64xf16>
    %Y1 = ktdp.construct_memory_view %y1, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k1 = arith.constant dense<2.0> : tensor<1x64xf16>
    %Y2 = ktdp.construct_memory_view %y2, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k2 = arith.constant dense<3.0> : tensor<1x64xf16>
    %Y3 = ktdp.construct_memory_view %y3, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k3 = arith.constant dense<4.0> : tensor<1x64xf16>
    %Y4 = ktdp.construct_memory_view %y4, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k4 = arith.constant dense<5.0> : tensor<1x64xf16>
    %Y5 = ktdp.construct_memory_view %y5, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k5 = arith.constant dense<6.0> : tensor<1x64xf16>
    %Y6 = ktdp.construct_memory_view %y6, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k6 = arith.constant dense<7.0> : tensor<1x64xf16>
    %Y7 = ktdp.construct_memory_view %y7, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k7 = arith.constant dense<8.0> : tensor<1x64xf16>
    %Y8 = ktdp.construct_memory_view %y8, sizes: [8, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
    %k8 = arith.constant dense<9.0> : tensor<1x64xf16>
    scf.for %row = %c0 to %c8 step %c1 {
      %r1 = arith.addi %row, %c1 : index
      %nb = arith.minui %r1, %c4 : index
      %ub = arith.muli %nb, %B : index
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y0[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k0 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y1[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k1 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y2[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k2 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y3[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k3 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y4[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k4 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y5[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k5 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y6[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k6 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y7[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k7 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      scf.for %off = %c0 to %ub step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y8[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k8 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
