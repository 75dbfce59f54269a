// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// softmax_4x3072_f32.mlir - softmax of 4 rows of 3072 f32 on a grid of 2
// (spyre: 32 f32 lanes, 96 chunks = 32 x 3, half of them beyond ktc-codegen's
// registers): the max and the sum of exponentials fold 96 -> 12 -> 3 chunks in
// levels (the same chunk loads, shared), the 96 partials left in ktc-codegen's
// registers (the max in any order, piece by piece). The sample device has no
// f32 lanes.
module {
  func.func @softmax_4x3072(%out: index, %in: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [4, 3072], strides: [3072, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3071 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x3072xf32>
    %Y = ktdp.construct_memory_view %out, sizes: [4, 3072], strides: [3072, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 3071 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x3072xf32>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 3071 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x3072xf32> -> !ktdp.access_tile<1x3072xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x3072xindex> -> tensor<1x3072xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %minit = tensor.splat %ninf : tensor<1xf32>
      %max = linalg.reduce { arith.maxnumf } ins(%x : tensor<1x3072xf32>) outs(%minit : tensor<1xf32>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf32>
      %mb = tensor.splat %ms : tensor<1x3072xf32>
      %d = arith.subf %x, %mb : tensor<1x3072xf32>
      %e = math.exp %d : tensor<1x3072xf32>
      %zero = arith.constant 0.0 : f32
      %sinit = tensor.splat %zero : tensor<1xf32>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x3072xf32>) outs(%sinit : tensor<1xf32>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf32>
      %sb = tensor.splat %ss : tensor<1x3072xf32>
      %y = arith.divf %e, %sb : tensor<1x3072xf32>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 3071 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x3072xf32> -> !ktdp.access_tile<1x3072xindex>
      ktdp.store %y, %ty : tensor<1x3072xf32>, !ktdp.access_tile<1x3072xindex>
    }
    return
  }
}
