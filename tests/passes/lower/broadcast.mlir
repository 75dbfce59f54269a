// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=sample
// Y[r, :] = X[r, :] - M[r]: M's one element per row is read through the
// indexing map (d0, d1) -> (d0); on the SFU a vectorchain.shuffle repeats
// lane 0 64 times before the subtraction. The multiply by 2.0 is a splat of
// constant_bitstream 0x4000.
module {
  func.func @sub_row(%x: index, %m: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x64xf16>
    %M = ktdp.construct_memory_view %m, sizes: [1], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tm = ktdp.construct_access_tile %M[%c0] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<1xf16> -> !ktdp.access_tile<1xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
    } : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %vx = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %vm = ktdp.load %tm : !ktdp.access_tile<1xindex> -> tensor<1xf16>
    %e = tensor.empty() : tensor<1x64xf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%vx, %vm : tensor<1x64xf16>, tensor<1xf16>) outs(%e : tensor<1x64xf16>) {
    ^bb0(%a: f16, %b: f16, %o: f16):
      %two = arith.constant 2.0 : f16
      %s = arith.subf %a, %b : f16
      %t = arith.mulf %s, %two : f16
      linalg.yield %t : f16
    } -> tensor<1x64xf16>
    ktdp.store %d, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
