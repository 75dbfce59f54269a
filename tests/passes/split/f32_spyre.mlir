// RUN: ktc-split
// f32 on the default device (spyre): its SFU has 32 lanes for f32, so a
// 1x64 f32 row is two 1x32 tiles under a tile loop.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%a: index, %alpha: f32) attributes {grid = [32]} {
  %c0 = arith.constant 0 : index
  %t = ktdp.get_compute_tile_id : index
  %A = ktdp.construct_memory_view %a, sizes: [32, 64], strides: [64, 1] {
    coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
    memory_space = #ktdp.memory_space<global>} : memref<32x64xf32>
  %ta = ktdp.construct_access_tile %A[%t, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<32x64xf32> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf32>
  %s = tensor.splat %alpha : tensor<1x64xf32>
  %y = arith.mulf %x, %s : tensor<1x64xf32>
  ktdp.store %y, %ta : tensor<1x64xf32>, !ktdp.access_tile<1x64xindex>
  return
}
