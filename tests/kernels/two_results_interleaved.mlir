// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// DEVICES: sample spyre
// two_results_interleaved.mlir - per row of 6x256 f16 matrices on 2 cores,
// two results that share nothing: P = exp(x - max(x)) and Q = |y| * 0.5,
// written in the order a kernel generator may emit them, y loaded before P
// is stored. The two chains' spans interleave, so they are one compute
// group, one program (before: "compute groups whose loads and stores
// interleave are not supported yet"); P and Q are other arguments than x
// and y, so joining them reorders no access to one memory
// (split/err_interleaved.mlir is the case that stays refused).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @two_results(%x: index, %y: index, %p: index, %q: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %start = arith.muli %tile, %c3 : index
    %end = arith.addi %start, %c3 : index
    %X = ktdp.construct_memory_view %x, sizes: [6, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<6x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [6, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<6x256xf16>
    %P = ktdp.construct_memory_view %p, sizes: [6, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<6x256xf16>
    %Q = ktdp.construct_memory_view %q, sizes: [6, 256], strides: [256, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<6x256xf16>
    scf.for %r = %start to %end step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<6x256xf16> -> !ktdp.access_tile<1x256xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<6x256xf16> -> !ktdp.access_tile<1x256xindex>
      %vx = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %vy = ktdp.load %ty : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
      %ninf = arith.constant 0xFC00 : f16
      %init = tensor.splat %ninf : tensor<1xf16>
      %mx = linalg.reduce { arith.maxnumf } ins(%vx : tensor<1x256xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %m = tensor.extract %mx[%c0] : tensor<1xf16>
      %mb = tensor.splat %m : tensor<1x256xf16>
      %d = arith.subf %vx, %mb : tensor<1x256xf16>
      %e = math.exp %d : tensor<1x256xf16>
      %tp = ktdp.construct_access_tile %P[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<6x256xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %e, %tp : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      %a = math.absf %vy : tensor<1x256xf16>
      %half = arith.constant 0.5 : f16
      %hb = tensor.splat %half : tensor<1x256xf16>
      %h = arith.mulf %a, %hb : tensor<1x256xf16>
      %tq = ktdp.construct_access_tile %Q[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<6x256xf16> -> !ktdp.access_tile<1x256xindex>
      ktdp.store %h, %tq : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
