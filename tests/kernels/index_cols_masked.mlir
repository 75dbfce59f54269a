// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=100 --arg x=f32:4x128 --arg y=f32:4x128
// LAUNCH: --arg n=0 --arg x=f32:4x128 --arg y=f32:4x128
// LAUNCH: --arg n=1 --arg x=f32:4x128 --arg y=f32:4x128
// LAUNCH: --arg n=64 --arg x=f32:4x128 --arg y=f32:4x128
// LAUNCH: --arg n=128 --arg x=f32:4x128 --arg y=f32:4x128
// index_cols_masked.mlir - cols_masked.mlir on f32 with a linalg.index mask
// first (x where j <= 70, -inf elsewhere), then y = x + x on the columns
// below n: the masked tail's chunks (row loop, a loop over 32-column
// vectors to n, the last merged with y's old values) take their column
// origin from that loop.
#cols = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @cols_masked(%x: index, %y: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, %n], strides: [128, 1] {coordinate_set = #cols, memory_space = #ktdp.memory_space<global>} : memref<4x?xf32>
  %Y = ktdp.construct_memory_view %y, sizes: [4, %n], strides: [128, 1] {coordinate_set = #cols, memory_space = #ktdp.memory_space<global>} : memref<4x?xf32>
  %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<4x?xf32> -> !ktdp.access_tile<4x128xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #tile, access_tile_order = #id} : memref<4x?xf32> -> !ktdp.access_tile<4x128xindex>
  %a = ktdp.load %tx : !ktdp.access_tile<4x128xindex> -> tensor<4x128xf32>
  %mk_e = tensor.empty() : tensor<4x128xf32>
  %mk_ninf = arith.constant 0xFF800000 : f32
  %mk_f = arith.constant 1 : index
  %mk_c = arith.constant 70 : index
  %mk_l0 = arith.muli %c0, %mk_f : index
  %vmask = linalg.generic {indexing_maps = [affine_map<(d0,d1) -> (d0,d1)>, affine_map<(d0,d1) -> (d0,d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x128xf32>) outs(%mk_e : tensor<4x128xf32>) {
  ^bb0(%mk_a: f32, %mk_o: f32):
    %mk_j = linalg.index 1 : index
    %mk_l = arith.addi %mk_l0, %mk_c : index
    %mk_ok = arith.cmpi sle, %mk_j, %mk_l : index
    %mk_s = arith.select %mk_ok, %mk_a, %mk_ninf : f32
    linalg.yield %mk_s : f32
  } -> tensor<4x128xf32>
  %d = arith.addf %vmask, %vmask : tensor<4x128xf32>
  ktdp.store %d, %ty : tensor<4x128xf32>, !ktdp.access_tile<4x128xindex>
  return
}
