// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// online_softmax.mlir - softmax of 256-wide rows with the running max and
// sum carried as f16 scalars through the column loop (online softmax):
// ktc-split carries them as tensor<1xf16>, and the old max, read after the
// new one is computed (to rescale the sum), from a copy made at the top of
// the body.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @online_softmax(%x: index, %y: index) attributes {grid = [2]} {
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
    %i0 = tensor.splat %ninf : tensor<1xf16>
    %bm = linalg.reduce { arith.maximumf } ins(%v : tensor<1x64xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
    %bms = tensor.extract %bm[%c0] : tensor<1xf16>
    %mn = arith.maximumf %mi, %bms : f16
    %d = arith.subf %mi, %mn : f16
    %sc = math.exp %d : f16
    %s1 = arith.mulf %si, %sc : f16
    %mrow = tensor.splat %mn : tensor<1x64xf16>
    %sh = arith.subf %v, %mrow : tensor<1x64xf16>
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
    %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
    %sh = arith.subf %v, %mrow : tensor<1x64xf16>
    %e = math.exp %sh : tensor<1x64xf16>
    %o = arith.divf %e, %srow : tensor<1x64xf16>
    ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  }
  return
}
