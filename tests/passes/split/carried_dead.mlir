// RUN: ktc-split
// PARSE: --device=sample
// A first pass over a row's blocks whose carried sum nothing uses (dead
// code a generator left: the second pass stores x + x): the loop computes
// values only, so it goes like any unused op, and one program stores the
// second pass (it was refused: "a loop carrying tensors that no ktdp.store
// uses").
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dead_pass(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %bs = arith.constant 128 : index
  %n = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [1, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x256xf16>
  %zero = arith.constant dense<0.0> : tensor<1x128xf16>
  %s = scf.for %col = %c0 to %n step %bs iter_args(%acc = %zero) -> (tensor<1x128xf16>) {
    %tx = ktdp.construct_access_tile %X[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %a = arith.addf %acc, %v : tensor<1x128xf16>
    scf.yield %a : tensor<1x128xf16>
  }
  scf.for %col = %c0 to %n step %bs {
    %tx = ktdp.construct_access_tile %X[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x128xindex>
    %ty = ktdp.construct_access_tile %Y[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x128xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
    %d = arith.addf %v, %v : tensor<1x128xf16>
    ktdp.store %d, %ty : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
  }
  return
}
