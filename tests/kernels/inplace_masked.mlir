// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=100 --arg x=f16:512
// LAUNCH: --arg n=0 --arg x=f16:512
// LAUNCH: --arg n=1 --arg x=f16:512
// LAUNCH: --arg n=255 --arg x=f16:512
// LAUNCH: --arg n=300 --arg x=f16:512
// inplace_masked.mlir - x = x + x in place on the elements below n of a
// fixed 256-element f16 tile (n an index argument): the last vector's
// lanes from n on are read once before any store (the loop's one read of
// x where that vector goes) and written back as they were.
#v = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#tile = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @inplace_masked(%x: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = #v, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%c0] {access_tile_set = #tile, access_tile_order = #id} : memref<?xf16> -> !ktdp.access_tile<256xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<256xindex> -> tensor<256xf16>
  %d = arith.addf %a, %a : tensor<256xf16>
  ktdp.store %d, %tx : tensor<256xf16>, !ktdp.access_tile<256xindex>
  return
}
