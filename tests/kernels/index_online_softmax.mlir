// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// index_online_softmax.mlir - online_softmax.mlir with a linalg.index mask
// on the first loop's blocks (x where j <= c + 20, -inf elsewhere; c the
// column loop's IV, a loop ktc-split keeps in the program around the
// carried max and sum): the mask's chunks capture c (bounded: no clamp);
// f16 data with i32 index math runs on 32 lanes.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @index_online_softmax(%x: index, %y: index) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x256xf16>
  %ninf = arith.constant 0xFC00 : f16
  %zero = arith.constant 0.0 : f16
  %m, %s = scf.for %c = %c0 to %c256 step %c64 iter_args(%mi = %ninf, %si = %zero) -> (f16, f16) {
    %tx = ktdp.construct_access_tile %X[%tile, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %mk_e = tensor.empty() : tensor<1x64xf16>
    %mk_ninf = arith.constant 0xFC00 : f16
    %mk_f = arith.constant 1 : index
    %mk_c = arith.constant 20 : index
    %mk_l0 = arith.muli %c, %mk_f : index
    %vmask = linalg.generic {indexing_maps = [affine_map<(d0,d1) -> (d0,d1)>, affine_map<(d0,d1) -> (d0,d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%mk_e : tensor<1x64xf16>) {
    ^bb0(%mk_a: f16, %mk_o: f16):
      %mk_j = linalg.index 1 : index
      %mk_l = arith.addi %mk_l0, %mk_c : index
      %mk_ok = arith.cmpi sle, %mk_j, %mk_l : index
      %mk_s = arith.select %mk_ok, %mk_a, %mk_ninf : f16
      linalg.yield %mk_s : f16
    } -> tensor<1x64xf16>
    %i0 = tensor.splat %ninf : tensor<1xf16>
    %bm = linalg.reduce { arith.maximumf } ins(%vmask : tensor<1x64xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
    %bms = tensor.extract %bm[%c0] : tensor<1xf16>
    %mn = arith.maximumf %mi, %bms : f16
    %d = arith.subf %mi, %mn : f16
    %sc = math.exp %d : f16
    %s1 = arith.mulf %si, %sc : f16
    %mrow = tensor.splat %mn : tensor<1x64xf16>
    %sh = arith.subf %vmask, %mrow : tensor<1x64xf16>
    %e = math.exp %sh : tensor<1x64xf16>
    %z0 = tensor.splat %zero : tensor<1xf16>
    %bs = linalg.reduce { arith.addf } ins(%e : tensor<1x64xf16>) outs(%z0 : tensor<1xf16>) dimensions = [1]
    %bss = tensor.extract %bs[%c0] : tensor<1xf16>
    %sn = arith.addf %s1, %bss : f16
    scf.yield %mn, %sn : f16, f16
  }
  %mrow = tensor.splat %m : tensor<1x64xf16>
  %srow = tensor.splat %s : tensor<1x64xf16>
  scf.for %c = %c0 to %c256 step %c64 {
    %tx = ktdp.construct_access_tile %X[%tile, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x64xindex>
    %ty = ktdp.construct_access_tile %Y[%tile, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<2x256xf16> -> !ktdp.access_tile<1x64xindex>
    %vmask = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %sh = arith.subf %vmask, %mrow : tensor<1x64xf16>
    %e = math.exp %sh : tensor<1x64xf16>
    %o = arith.divf %e, %srow : tensor<1x64xf16>
    ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
