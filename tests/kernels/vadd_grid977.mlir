// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=1000448 --arg x=f16:1000448 --arg z=f16:1000448 --arg y=f16:1000448
// LAUNCH: --arg n=1000348 --arg x=f16:1000348 --arg z=f16:1000348 --arg y=f16:1000348
// LAUNCH: --arg n=990000 --arg x=f16:990000 --arg z=f16:990000 --arg y=f16:990000
// LAUNCH: --arg n=5000 --arg x=f16:5000 --arg z=f16:5000 --arg y=f16:5000
// vadd_grid977.mlir - y = x + z on n f16 elements, Triton's masked form
// with BLOCK 1024 over grid = cdiv(1000000, 1024) = 977: cores 0-16 host
// 31 tiles, cores 17-31 host 30 (two program classes), the last tile
// short when n is not a multiple of 1024 (vadd_grid512.mlir).
func.func @vadd_grid977(%x: index, %z: index, %y: index, %n: index) attributes {grid = [977]} {
  %t = ktdp.get_compute_tile_id : index
  %cb = arith.constant 1024 : index
  %base = arith.muli %t, %cb : index
  %X = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Z = ktdp.construct_memory_view %z, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
  %tx = ktdp.construct_access_tile %X[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<1024xindex>
  %tz = ktdp.construct_access_tile %Z[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<1024xindex>
  %ty = ktdp.construct_access_tile %Y[%base] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf16> -> !ktdp.access_tile<1024xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
  %b = ktdp.load %tz : !ktdp.access_tile<1024xindex> -> tensor<1024xf16>
  %r = arith.addf %a, %b : tensor<1024xf16>
  ktdp.store %r, %ty : tensor<1024xf16>, !ktdp.access_tile<1024xindex>
  return
}
