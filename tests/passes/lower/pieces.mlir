// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=spyre
// Pieces: f16 in device memory computed in f32 (y = f16(f32(x) * 0.5 +
// f32(b))). ktc-split moves 64 elements a tile (a whole stick of f16), the
// SFU has 32 f32 lanes: each receive of 64 f16 becomes two of 32, each
// convert, multiply and add runs twice on 32 lanes, the splat of 0.5 is
// made once for both pieces, and the send of 64 f16 is two of 32 (a FIFO
// carries bytes: the stream is the same).
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @pieces(%x: index, %b: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
    %xh = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %bh = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %xf = arith.extf %xh : tensor<1x64xf16> to tensor<1x64xf32>
    %bf = arith.extf %bh : tensor<1x64xf16> to tensor<1x64xf32>
    %half = arith.constant 0.5 : f32
    %hb = tensor.splat %half : tensor<1x64xf32>
    %s = arith.mulf %xf, %hb : tensor<1x64xf32>
    %o = arith.addf %s, %bf : tensor<1x64xf32>
    %oh = arith.truncf %o : tensor<1x64xf32> to tensor<1x64xf16>
    ktdp.store %oh, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    return
  }
}
