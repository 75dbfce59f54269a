// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH:
// ragged_passes_cap.mlir - nine passes over ragged rows, each its own:
// pass i of row r scales blocks i mod 4 up to min(r + 1, 4) + i mod 4
// (of 64 f16, in a 8x512 matrix) by i + 1 into y_i. Each pass is tile
// loops whose buffer phases ktc-lower counts across the rows in registers,
// one count for passes whose loops are the same, and no two passes here
// share one: past SCHED_MAX_COUNTED_PHASES (16) counts, row-phases leaves
// the rest numbered by row (tests/passes/nest/row_phases_counted_cap.mlir
// is its --stats); every launch still matches.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @ragged_passes_cap(%x: index, %y0: index, %y1: index, %y2: index, %y3: index, %y4: index, %y5: index, %y6: index, %y7: index, %y8: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %B = arith.constant 64 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %Y0 = ktdp.construct_memory_view %y0, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k0 = arith.constant dense<1.0> : tensor<1x64xf16>
    %Y1 = ktdp.construct_memory_view %y1, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k1 = arith.constant dense<2.0> : tensor<1x64xf16>
    %Y2 = ktdp.construct_memory_view %y2, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k2 = arith.constant dense<3.0> : tensor<1x64xf16>
    %Y3 = ktdp.construct_memory_view %y3, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k3 = arith.constant dense<4.0> : tensor<1x64xf16>
    %Y4 = ktdp.construct_memory_view %y4, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k4 = arith.constant dense<5.0> : tensor<1x64xf16>
    %Y5 = ktdp.construct_memory_view %y5, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k5 = arith.constant dense<6.0> : tensor<1x64xf16>
    %Y6 = ktdp.construct_memory_view %y6, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k6 = arith.constant dense<7.0> : tensor<1x64xf16>
    %Y7 = ktdp.construct_memory_view %y7, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k7 = arith.constant dense<8.0> : tensor<1x64xf16>
    %Y8 = ktdp.construct_memory_view %y8, sizes: [8, 512], strides: [512, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
    %k8 = arith.constant dense<9.0> : tensor<1x64xf16>
    scf.for %row = %c0 to %c8 step %c1 {
      %r1 = arith.addi %row, %c1 : index
      %nb = arith.minui %r1, %c4 : index
      %s0 = arith.constant 0 : index
      %w0 = arith.muli %nb, %B : index
      %u0 = arith.addi %w0, %s0 : index
      scf.for %off = %s0 to %u0 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y0[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k0 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s1 = arith.constant 64 : index
      %w1 = arith.muli %nb, %B : index
      %u1 = arith.addi %w1, %s1 : index
      scf.for %off = %s1 to %u1 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y1[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k1 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s2 = arith.constant 128 : index
      %w2 = arith.muli %nb, %B : index
      %u2 = arith.addi %w2, %s2 : index
      scf.for %off = %s2 to %u2 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y2[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k2 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s3 = arith.constant 192 : index
      %w3 = arith.muli %nb, %B : index
      %u3 = arith.addi %w3, %s3 : index
      scf.for %off = %s3 to %u3 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y3[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k3 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s4 = arith.constant 0 : index
      %w4 = arith.muli %nb, %B : index
      %u4 = arith.addi %w4, %s4 : index
      scf.for %off = %s4 to %u4 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y4[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k4 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s5 = arith.constant 64 : index
      %w5 = arith.muli %nb, %B : index
      %u5 = arith.addi %w5, %s5 : index
      scf.for %off = %s5 to %u5 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y5[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k5 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s6 = arith.constant 128 : index
      %w6 = arith.muli %nb, %B : index
      %u6 = arith.addi %w6, %s6 : index
      scf.for %off = %s6 to %u6 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y6[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k6 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s7 = arith.constant 192 : index
      %w7 = arith.muli %nb, %B : index
      %u7 = arith.addi %w7, %s7 : index
      scf.for %off = %s7 to %u7 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y7[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k7 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
      %s8 = arith.constant 0 : index
      %w8 = arith.muli %nb, %B : index
      %u8 = arith.addi %w8, %s8 : index
      scf.for %off = %s8 to %u8 step %B {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y8[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x512xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %w = arith.mulf %v, %k8 : tensor<1x64xf16>
        ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
