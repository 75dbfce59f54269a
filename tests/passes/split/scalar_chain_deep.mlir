// RUN: ktc-split
// PARSE: --device=sample
// A scalar computed by 40 ops each reading the one before twice (k * k,
// from 1.0), splat into a row: ktc-split looks for tensor.extract results
// in the chain once an op (it walked the chain 2^40 times, and hung).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scalar_chain_deep(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %k0 = arith.constant 1.0 : f16
  %k1 = arith.mulf %k0, %k0 : f16
  %k2 = arith.mulf %k1, %k1 : f16
  %k3 = arith.mulf %k2, %k2 : f16
  %k4 = arith.mulf %k3, %k3 : f16
  %k5 = arith.mulf %k4, %k4 : f16
  %k6 = arith.mulf %k5, %k5 : f16
  %k7 = arith.mulf %k6, %k6 : f16
  %k8 = arith.mulf %k7, %k7 : f16
  %k9 = arith.mulf %k8, %k8 : f16
  %k10 = arith.mulf %k9, %k9 : f16
  %k11 = arith.mulf %k10, %k10 : f16
  %k12 = arith.mulf %k11, %k11 : f16
  %k13 = arith.mulf %k12, %k12 : f16
  %k14 = arith.mulf %k13, %k13 : f16
  %k15 = arith.mulf %k14, %k14 : f16
  %k16 = arith.mulf %k15, %k15 : f16
  %k17 = arith.mulf %k16, %k16 : f16
  %k18 = arith.mulf %k17, %k17 : f16
  %k19 = arith.mulf %k18, %k18 : f16
  %k20 = arith.mulf %k19, %k19 : f16
  %k21 = arith.mulf %k20, %k20 : f16
  %k22 = arith.mulf %k21, %k21 : f16
  %k23 = arith.mulf %k22, %k22 : f16
  %k24 = arith.mulf %k23, %k23 : f16
  %k25 = arith.mulf %k24, %k24 : f16
  %k26 = arith.mulf %k25, %k25 : f16
  %k27 = arith.mulf %k26, %k26 : f16
  %k28 = arith.mulf %k27, %k27 : f16
  %k29 = arith.mulf %k28, %k28 : f16
  %k30 = arith.mulf %k29, %k29 : f16
  %k31 = arith.mulf %k30, %k30 : f16
  %k32 = arith.mulf %k31, %k31 : f16
  %k33 = arith.mulf %k32, %k32 : f16
  %k34 = arith.mulf %k33, %k33 : f16
  %k35 = arith.mulf %k34, %k34 : f16
  %k36 = arith.mulf %k35, %k35 : f16
  %k37 = arith.mulf %k36, %k36 : f16
  %k38 = arith.mulf %k37, %k37 : f16
  %k39 = arith.mulf %k38, %k38 : f16
  %k40 = arith.mulf %k39, %k39 : f16
  %kb = tensor.splat %k40 : tensor<1x64xf16>
  %w = arith.mulf %v, %kb : tensor<1x64xf16>
  ktdp.store %w, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
