// bias_add.mlir - Y = X + b (b a row of 64 broadcast to each of 4096 rows)
// over a grid of 32 cores, 128 rows each, a row per step: the load of b is
// the same at every step.
module {
  func.func @bias_add(%x: index, %b: index, %y: index) attributes {grid = [32]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 128 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [4096, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4096, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x64xf16>
    scf.for %row = %rows to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4096x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tb = ktdp.construct_access_tile %B[%c0, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4096x64xf16> -> !ktdp.access_tile<1x64xindex>
      %xv = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %bv = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sum = arith.addf %xv, %bv : tensor<1x64xf16>
      ktdp.store %sum, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
