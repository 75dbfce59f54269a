// RUN: ktc-split
// PARSE: --device=spyre
// f16 in device memory computed in f32 (matmul.mlir's epilogue, pieces in
// tests/passes/lower): a tile moves 64 elements, a whole stick of f16, in
// two pieces of 32 f32 lanes, unless the inputs' pieces would take more
// than 24 of the compute unit's registers. Here 13 inputs of 2 pieces
// would (26): the tile stays at the 32 f32 lanes.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @wide_tile_regs(%a0: index, %a1: index, %a2: index, %a3: index, %a4: index, %a5: index, %a6: index, %a7: index, %a8: index, %a9: index, %a10: index, %a11: index, %a12: index, %y: index) {
    %c0 = arith.constant 0 : index
    %V0 = ktdp.construct_memory_view %a0, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t0 = ktdp.construct_access_tile %V0[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h0 = ktdp.load %t0 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f0 = arith.extf %h0 : tensor<1x64xf16> to tensor<1x64xf32>
    %V1 = ktdp.construct_memory_view %a1, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t1 = ktdp.construct_access_tile %V1[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h1 = ktdp.load %t1 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f1 = arith.extf %h1 : tensor<1x64xf16> to tensor<1x64xf32>
    %V2 = ktdp.construct_memory_view %a2, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t2 = ktdp.construct_access_tile %V2[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h2 = ktdp.load %t2 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f2 = arith.extf %h2 : tensor<1x64xf16> to tensor<1x64xf32>
    %V3 = ktdp.construct_memory_view %a3, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t3 = ktdp.construct_access_tile %V3[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h3 = ktdp.load %t3 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f3 = arith.extf %h3 : tensor<1x64xf16> to tensor<1x64xf32>
    %V4 = ktdp.construct_memory_view %a4, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t4 = ktdp.construct_access_tile %V4[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h4 = ktdp.load %t4 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f4 = arith.extf %h4 : tensor<1x64xf16> to tensor<1x64xf32>
    %V5 = ktdp.construct_memory_view %a5, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t5 = ktdp.construct_access_tile %V5[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h5 = ktdp.load %t5 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f5 = arith.extf %h5 : tensor<1x64xf16> to tensor<1x64xf32>
    %V6 = ktdp.construct_memory_view %a6, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t6 = ktdp.construct_access_tile %V6[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h6 = ktdp.load %t6 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f6 = arith.extf %h6 : tensor<1x64xf16> to tensor<1x64xf32>
    %V7 = ktdp.construct_memory_view %a7, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t7 = ktdp.construct_access_tile %V7[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h7 = ktdp.load %t7 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f7 = arith.extf %h7 : tensor<1x64xf16> to tensor<1x64xf32>
    %V8 = ktdp.construct_memory_view %a8, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t8 = ktdp.construct_access_tile %V8[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h8 = ktdp.load %t8 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f8 = arith.extf %h8 : tensor<1x64xf16> to tensor<1x64xf32>
    %V9 = ktdp.construct_memory_view %a9, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t9 = ktdp.construct_access_tile %V9[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h9 = ktdp.load %t9 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f9 = arith.extf %h9 : tensor<1x64xf16> to tensor<1x64xf32>
    %V10 = ktdp.construct_memory_view %a10, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t10 = ktdp.construct_access_tile %V10[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h10 = ktdp.load %t10 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f10 = arith.extf %h10 : tensor<1x64xf16> to tensor<1x64xf32>
    %V11 = ktdp.construct_memory_view %a11, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t11 = ktdp.construct_access_tile %V11[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h11 = ktdp.load %t11 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f11 = arith.extf %h11 : tensor<1x64xf16> to tensor<1x64xf32>
    %V12 = ktdp.construct_memory_view %a12, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %t12 = ktdp.construct_access_tile %V12[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %h12 = ktdp.load %t12 : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %f12 = arith.extf %h12 : tensor<1x64xf16> to tensor<1x64xf32>
    %s0 = arith.mulf %f0, %f0 : tensor<1x64xf32>
    %s1 = arith.addf %s0, %f1 : tensor<1x64xf32>
    %s2 = arith.addf %s1, %f2 : tensor<1x64xf32>
    %s3 = arith.addf %s2, %f3 : tensor<1x64xf32>
    %s4 = arith.addf %s3, %f4 : tensor<1x64xf32>
    %s5 = arith.addf %s4, %f5 : tensor<1x64xf32>
    %s6 = arith.addf %s5, %f6 : tensor<1x64xf32>
    %s7 = arith.addf %s6, %f7 : tensor<1x64xf32>
    %s8 = arith.addf %s7, %f8 : tensor<1x64xf32>
    %s9 = arith.addf %s8, %f9 : tensor<1x64xf32>
    %s10 = arith.addf %s9, %f10 : tensor<1x64xf32>
    %s11 = arith.addf %s10, %f11 : tensor<1x64xf32>
    %s12 = arith.addf %s11, %f12 : tensor<1x64xf32>
    %o = arith.truncf %s12 : tensor<1x64xf32> to tensor<1x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
