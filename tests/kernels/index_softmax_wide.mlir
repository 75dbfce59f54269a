// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// index_softmax_wide.mlir - tests/bench/kernels/softmax_8x16384.mlir on f32
// with a linalg.index mask before the softmax (x where j <= 2000 row + 100,
// -inf elsewhere): wide rows of 512 chunks, so ktc-nest's reductions,
// reduction-producer, corelet-blocks and store-blocks apply to the passes
// around the masked one.
module {
  func.func @index_softmax_wide(%out: index, %in: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %per = arith.constant 2 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [8, 16384], strides: [16384, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 16383 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x16384xf32>
    %Y = ktdp.construct_memory_view %out, sizes: [8, 16384], strides: [16384, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 16383 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x16384xf32>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 16383 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x16384xf32> -> !ktdp.access_tile<1x16384xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x16384xindex> -> tensor<1x16384xf32>
      %mk_e = tensor.empty() : tensor<1x16384xf32>
      %mk_ninf = arith.constant 0xFF800000 : f32
      %mk_f = arith.constant 2000 : index
      %mk_c = arith.constant 100 : index
      %mk_l0 = arith.muli %row, %mk_f : index
      %vmask = linalg.generic {indexing_maps = [affine_map<(d0,d1) -> (d0,d1)>, affine_map<(d0,d1) -> (d0,d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x16384xf32>) outs(%mk_e : tensor<1x16384xf32>) {
      ^bb0(%mk_a: f32, %mk_o: f32):
        %mk_j = linalg.index 1 : index
        %mk_l = arith.addi %mk_l0, %mk_c : index
        %mk_ok = arith.cmpi sle, %mk_j, %mk_l : index
        %mk_s = arith.select %mk_ok, %mk_a, %mk_ninf : f32
        linalg.yield %mk_s : f32
      } -> tensor<1x16384xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %minit = tensor.splat %ninf : tensor<1xf32>
      %max = linalg.reduce { arith.maxnumf } ins(%vmask : tensor<1x16384xf32>) outs(%minit : tensor<1xf32>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf32>
      %mb = tensor.splat %ms : tensor<1x16384xf32>
      %d = arith.subf %vmask, %mb : tensor<1x16384xf32>
      %e = math.exp %d : tensor<1x16384xf32>
      %zero = arith.constant 0.0 : f32
      %sinit = tensor.splat %zero : tensor<1xf32>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x16384xf32>) outs(%sinit : tensor<1xf32>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf32>
      %sb = tensor.splat %ss : tensor<1x16384xf32>
      %y = arith.divf %e, %sb : tensor<1x16384xf32>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 16383 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x16384xf32> -> !ktdp.access_tile<1x16384xindex>
      ktdp.store %y, %ty : tensor<1x16384xf32>, !ktdp.access_tile<1x16384xindex>
    }
    return
  }
}
