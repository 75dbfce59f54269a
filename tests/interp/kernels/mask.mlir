// Masking (ref 6.6): a view whose coordinate set ends at n; a load past it
// reads zeros and a store past it writes nothing.
func.func @masked(%x: index, %n: index) {
  %c0 = arith.constant 0 : index
  %xv = ktdp.construct_memory_view %x, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
  %t = ktdp.construct_access_tile %xv[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<?xf32> -> !ktdp.access_tile<8xindex>
  %a = ktdp.load %t : <8xindex> -> tensor<8xf32>
  %one = arith.constant dense<1.0> : tensor<8xf32>
  %b = arith.addf %a, %one : tensor<8xf32>
  ktdp.store %b, %t : tensor<8xf32>, <8xindex>
  return
}
