// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// softmax_rest_corelets.mlir - softmax of 3 rows of 256 on one core, each
// pass over the row in blocks of 128 (blocks_fuzz, seed 707). On sample
// ktc-nest takes a tile of 2 rows and a rest tile of the third, whose
// passes split each block over the 2 corelets; the max of its row is
// reduced in a pipeline left whole (corelet 0), and the next pass loads it
// on both corelets. ktc-lower dropped that signal as covered by the
// lane-to-lane one of the zeroed sum accumulator that comes after it: the
// L1LU of corelet 1 read a stale max, and row 2's sums came out 1.8 times
// too large (256 of 768 outputs wrong).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @softmax_rest_corelets(%x: index, %y: index) attributes {grid = [1]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bs = arith.constant 128 : index
  %cn = arith.constant 256 : index
  %per = arith.constant 3 : index
  %rows = arith.muli %tile, %per : index
  %end = arith.addi %rows, %per : index
  %X = ktdp.construct_memory_view %x, sizes: [3, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [3, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x256xf16>
  scf.for %row = %rows to %end step %c1 {
    %ninf = arith.constant dense<0xFC00> : tensor<1x128xf16>
    %mv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %ninf) -> (tensor<1x128xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<3x256xf16> -> !ktdp.access_tile<1x128xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %m = arith.maximumf %a, %v : tensor<1x128xf16>
      scf.yield %m : tensor<1x128xf16>
    }
    %ninfs = arith.constant 0xFC00 : f16
    %minit = tensor.splat %ninfs : tensor<1xf16>
    %max = linalg.reduce { arith.maximumf } ins(%mv : tensor<1x128xf16>) outs(%minit : tensor<1xf16>) dimensions = [1]
    %ms = tensor.extract %max[%c0] : tensor<1xf16>
    %mb = tensor.splat %ms : tensor<1x128xf16>
    %zero = arith.constant dense<0.0> : tensor<1x128xf16>
    %sv = scf.for %col = %c0 to %cn step %bs iter_args(%a = %zero) -> (tensor<1x128xf16>) {
      %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<3x256xf16> -> !ktdp.access_tile<1x128xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %d = arith.subf %v, %mb : tensor<1x128xf16>
      %e = math.exp %d : tensor<1x128xf16>
      %s = arith.addf %a, %e : tensor<1x128xf16>
      scf.yield %s : tensor<1x128xf16>
    }
    %zs = arith.constant 0.0 : f16
    %sinit = tensor.splat %zs : tensor<1xf16>
    %sum = linalg.reduce { arith.addf } ins(%sv : tensor<1x128xf16>) outs(%sinit : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %sum[%c0] : tensor<1xf16>
    %sb = tensor.splat %ss : tensor<1x128xf16>
    scf.for %col = %c0 to %cn step %bs {
      %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<3x256xf16> -> !ktdp.access_tile<1x128xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<3x256xf16> -> !ktdp.access_tile<1x128xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
      %d = arith.subf %v, %mb : tensor<1x128xf16>
      %e = math.exp %d : tensor<1x128xf16>
      %o = arith.divf %e, %sb : tensor<1x128xf16>
      ktdp.store %o, %ty : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
    }
  }
  return
}
