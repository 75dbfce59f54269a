// bugs/amax_scale.mlir - NOT A TEST: a reproducer of an open bug (see
// tests/kernels/bugs/README.md). Per-row int8 quantization scales
// S[r] = max|X[r]| / 127, one f16 per tile stored into a 4x1 output, Q = X / S[r],
// on a grid of 4 tiles. `ktc compile` fails in ktc-codegen:
//   amax_scale.mlir:39:5 (the ktdp.store): error: this DMA load of 2 bytes at its addresses
//   fits none of the accesses MNISU makes to L1 (64 bytes aligned to 64)
// The 2-byte store at a launch-time offset is part of a DMA word that the
// other tiles store into too: ktc-path-expand's read-modify-write would race
// across cores, so it leaves the hop as it is and ktc-codegen refuses it
// with a message about the L1 side of the DMA (a "load").
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @amax_scale(%x: index, %q: index, %s: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %Q = ktdp.construct_memory_view %q, sizes: [4, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %S = ktdp.construct_memory_view %s, sizes: [4, 1], strides: [1, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x1xf16>
    %tx = ktdp.construct_access_tile %X[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tq = ktdp.construct_access_tile %Q[%tile, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ts = ktdp.construct_access_tile %S[%tile, %c0] {
      access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 >= 0)>,
      access_tile_order = #id
    } : memref<4x1xf16> -> !ktdp.access_tile<1x1xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %a = math.absf %v : tensor<1x64xf16>
    %z = arith.constant 0.0 : f16
    %m0 = tensor.splat %z : tensor<1xf16>
    %m = linalg.reduce { arith.maximumf } ins(%a : tensor<1x64xf16>) outs(%m0 : tensor<1xf16>) dimensions = [1]
    %amax = tensor.extract %m[%c0] : tensor<1xf16>
    %k = arith.constant 127.0 : f16
    %scale = arith.divf %amax, %k : f16
    %sv = tensor.splat %scale : tensor<1x1xf16>
    ktdp.store %sv, %ts : tensor<1x1xf16>, !ktdp.access_tile<1x1xindex>
    %sb = tensor.splat %scale : tensor<1x64xf16>
    %qv = arith.divf %v, %sb : tensor<1x64xf16>
    ktdp.store %qv, %tq : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
