// vadd_100000.mlir - c = a + b on 100000 f16 elements over a grid of 4 cores,
// 25000 each in one block (Triton's add_kernel with BLOCK_SIZE = n / 4):
// 25000 is 390 vectors of the 64 f16 lanes and 40 elements more, and the
// cores' blocks start 50000 bytes apart, inside 128-byte sticks
// (lane-wide tiles and a tail, whole words astride two).
module {
  func.func @vadd_100000(%a: index, %b: index, %c: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %per = arith.constant 25000 : index
    %blk = arith.constant 25000 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %A = ktdp.construct_memory_view %a, sizes: [100000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 99999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<100000xf16>
    %B = ktdp.construct_memory_view %b, sizes: [100000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 99999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<100000xf16>
    %C = ktdp.construct_memory_view %c, sizes: [100000], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 99999 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<100000xf16>
    scf.for %i = %start to %end step %blk {
      %ta = ktdp.construct_access_tile %A[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 24999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<100000xf16> -> !ktdp.access_tile<25000xindex>
      %tb = ktdp.construct_access_tile %B[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 24999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<100000xf16> -> !ktdp.access_tile<25000xindex>
      %tc = ktdp.construct_access_tile %C[%i] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 24999 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<100000xf16> -> !ktdp.access_tile<25000xindex>
      %va = ktdp.load %ta : !ktdp.access_tile<25000xindex> -> tensor<25000xf16>
      %vb = ktdp.load %tb : !ktdp.access_tile<25000xindex> -> tensor<25000xf16>
      %vc = arith.addf %va, %vb : tensor<25000xf16>
      ktdp.store %vc, %tc : tensor<25000xf16>, !ktdp.access_tile<25000xindex>
    }
    return
  }
}
