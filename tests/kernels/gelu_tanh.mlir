// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// gelu_tanh.mlir - Y = 0.5 * X * (1 + tanh(0.7978846 * (X + 0.044715 * X^3)))
// (GELU, tanh form) on a 4x256 f16 matrix over a grid of 2 tiles, tile t
// taking rows 2t, 2t+1 as one 2x256 tile; the body is one linalg.generic
// with scalar constants.
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @gelu_tanh(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %row = arith.muli %tile, %c2 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x256xf16>
    %tx = ktdp.construct_access_tile %X[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = #id
    } : memref<4x256xf16> -> !ktdp.access_tile<2x256xindex>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      access_tile_order = #id
    } : memref<4x256xf16> -> !ktdp.access_tile<2x256xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x256xindex> -> tensor<2x256xf16>
    %e = tensor.empty() : tensor<2x256xf16>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%v : tensor<2x256xf16>) outs(%e : tensor<2x256xf16>) {
    ^bb0(%a: f16, %o: f16):
      %k0 = arith.constant 0.7978846 : f16
      %k1 = arith.constant 0.044715 : f16
      %half = arith.constant 0.5 : f16
      %one = arith.constant 1.0 : f16
      %a2 = arith.mulf %a, %a : f16
      %a3 = arith.mulf %a2, %a : f16
      %t1 = arith.mulf %a3, %k1 : f16
      %t2 = arith.addf %a, %t1 : f16
      %t3 = arith.mulf %t2, %k0 : f16
      %th = math.tanh %t3 : f16
      %t4 = arith.addf %th, %one : f16
      %t5 = arith.mulf %a, %half : f16
      %g = arith.mulf %t5, %t4 : f16
      linalg.yield %g : f16
    } -> tensor<2x256xf16>
    ktdp.store %r, %ty : tensor<2x256xf16>, !ktdp.access_tile<2x256xindex>
    return
  }
}
