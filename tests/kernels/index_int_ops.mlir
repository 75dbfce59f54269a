// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: sample spyre
// LAUNCH: --arg n=3 --arg x=f16:4x64 --arg y0=f16:4x64 --arg y1=f16:4x64 --arg y2=f16:4x64 --arg y3=f16:4x64 --arg y4=f16:4x64 --arg y5=f16:4x64 --arg y6=f16:4x64
// LAUNCH: --arg n=-1 --arg x=f16:4x64 --arg y0=f16:4x64 --arg y1=f16:4x64 --arg y2=f16:4x64 --arg y3=f16:4x64 --arg y4=f16:4x64 --arg y5=f16:4x64 --arg y6=f16:4x64
// LAUNCH: --arg n=-7 --arg x=f16:4x64 --arg y0=f16:4x64 --arg y1=f16:4x64 --arg y2=f16:4x64 --arg y3=f16:4x64 --arg y4=f16:4x64 --arg y5=f16:4x64 --arg y6=f16:4x64
// LAUNCH: --arg n=10 --arg x=f16:4x64 --arg y0=f16:4x64 --arg y1=f16:4x64 --arg y2=f16:4x64 --arg y3=f16:4x64 --arg y4=f16:4x64 --arg y5=f16:4x64 --arg y6=f16:4x64
// index_int_ops.mlir - index arithmetic whose signedness shows: each loop
// runs a trip count computed by one op on a launch-time n (minui divsi
// remsi ceildivui divui remui maxui; clamped to [0, 4] signed) and copies
// exp of that many rows of x into its own output. n negative tells the
// ops apart: minui(-1, 4) is 4 (unsigned: -1 is 2^64 - 1), divsi(-7, 2)
// + 4 is 1 (toward zero; floor gives 0), remsi(-7, 4) is -3 (floor mod 1),
// ceildivui(-1, 2^62) is 4, divui(-1, 2^62) 3, remui(-1, 3) 0 (floor mod
// 2), maxui(-1, 1) 2^64 - 1. ktc-codegen computed them all signed, with
// floor division, before SpyreCode had tdiv trem udiv urem umin umax.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @index_int_ops(%x: index, %y0: index, %y1: index, %y2: index, %y3: index, %y4: index, %y5: index, %y6: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %cbig = arith.constant 4611686018427387904 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  %k0_0 = arith.minui %n, %c4 : index
  %k0_1 = arith.maxsi %k0_0, %c0 : index
  %k0 = arith.minsi %k0_1, %c4 : index
  %Y0 = ktdp.construct_memory_view %y0, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k0 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y0[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  %k1_q = arith.divsi %n, %c2 : index
  %k1_0 = arith.addi %k1_q, %c4 : index
  %k1_1 = arith.maxsi %k1_0, %c0 : index
  %k1 = arith.minsi %k1_1, %c4 : index
  %Y1 = ktdp.construct_memory_view %y1, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k1 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y1[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  %k2_0 = arith.remsi %n, %c4 : index
  %k2_1 = arith.maxsi %k2_0, %c0 : index
  %k2 = arith.minsi %k2_1, %c4 : index
  %Y2 = ktdp.construct_memory_view %y2, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k2 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y2[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  %k3_0 = arith.ceildivui %n, %cbig : index
  %k3_1 = arith.maxsi %k3_0, %c0 : index
  %k3 = arith.minsi %k3_1, %c4 : index
  %Y3 = ktdp.construct_memory_view %y3, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k3 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y3[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  %k4_0 = arith.divui %n, %cbig : index
  %k4_1 = arith.maxsi %k4_0, %c0 : index
  %k4 = arith.minsi %k4_1, %c4 : index
  %Y4 = ktdp.construct_memory_view %y4, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k4 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y4[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  %k5_0 = arith.remui %n, %c3 : index
  %k5_1 = arith.maxsi %k5_0, %c0 : index
  %k5 = arith.minsi %k5_1, %c4 : index
  %Y5 = ktdp.construct_memory_view %y5, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k5 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y5[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  %k6_0 = arith.maxui %n, %c1 : index
  %k6_1 = arith.maxsi %k6_0, %c0 : index
  %k6 = arith.minsi %k6_1, %c4 : index
  %Y6 = ktdp.construct_memory_view %y6, sizes: [4, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
  scf.for %i = %c0 to %k6 step %c1 {
    %tx = ktdp.construct_access_tile %X[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y6[%i, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %w = math.exp %v : tensor<1x64xf16>
    ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
