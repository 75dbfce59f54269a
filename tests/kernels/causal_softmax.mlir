// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg q0=0
// LAUNCH: --arg q0=700
// LAUNCH: --arg q0=100000
// causal_softmax.mlir - a causally masked row softmax, f32: row r of 8 rows
// of 2048 keeps columns j <= 256 r + q0 (q0 a kernel argument), -inf
// elsewhere, then max, exp, sum, divide; a grid of 2, 4 rows a core in a
// row loop (its IV in the mask: ktc-nest sinks the loop into the program).
// The rows are 64 chunks of 32 lanes: the masking pass streams chunk by
// chunk (its linalg.index the chunk's origin plus the lanes) and feeds
// the max's reduction tree.
module {
  func.func @causal_softmax(%out: index, %in: index, %q0: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %per = arith.constant 4 : index
    %start = arith.muli %tile, %per : index
    %end = arith.addi %start, %per : index
    %X = ktdp.construct_memory_view %in, sizes: [8, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x2048xf32>
    %Y = ktdp.construct_memory_view %out, sizes: [8, 2048], strides: [2048, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x2048xf32>
    scf.for %row = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x2048xf32> -> !ktdp.access_tile<1x2048xindex>
      %x = ktdp.load %tx : !ktdp.access_tile<1x2048xindex> -> tensor<1x2048xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %lim0 = arith.muli %row, %c256 : index
      %em = tensor.empty() : tensor<1x2048xf32>
      %xm = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x2048xf32>) outs(%em : tensor<1x2048xf32>) {
      ^bb0(%a: f32, %o: f32):
        %j = linalg.index 1 : index
        %lim = arith.addi %lim0, %q0 : index
        %ok = arith.cmpi sle, %j, %lim : index
        %s = arith.select %ok, %a, %ninf : f32
        linalg.yield %s : f32
      } -> tensor<1x2048xf32>
      %minit = tensor.splat %ninf : tensor<1xf32>
      %max = linalg.reduce { arith.maxnumf } ins(%xm : tensor<1x2048xf32>) outs(%minit : tensor<1xf32>) dimensions = [1]
      %ms = tensor.extract %max[%c0] : tensor<1xf32>
      %mb = tensor.splat %ms : tensor<1x2048xf32>
      %d = arith.subf %xm, %mb : tensor<1x2048xf32>
      %e = math.exp %d : tensor<1x2048xf32>
      %zero = arith.constant 0.0 : f32
      %sinit = tensor.splat %zero : tensor<1xf32>
      %sum = linalg.reduce { arith.addf } ins(%e : tensor<1x2048xf32>) outs(%sinit : tensor<1xf32>) dimensions = [1]
      %ss = tensor.extract %sum[%c0] : tensor<1xf32>
      %sb = tensor.splat %ss : tensor<1x2048xf32>
      %y = arith.divf %e, %sb : tensor<1x2048xf32>
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 2047 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<8x2048xf32> -> !ktdp.access_tile<1x2048xindex>
      ktdp.store %y, %ty : tensor<1x2048xf32>, !ktdp.access_tile<1x2048xindex>
    }
    return
  }
}
