// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// online_softmax_rows.mlir - softmax of 4 rows of 256 f16, 2 rows a tile,
// with the running max and sum of each row carried through the column loop
// as tensor<2xf16> (flash-attention style): the old max is read, to rescale
// the sum, after the new one is computed, so ktc-split keeps it in a copy;
// the 2x64 reduction that reads the broadcast max is tiled a row at a time
// (a row of 64 fills the lanes).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @online_softmax_rows(%x: index, %y: index) attributes {grid = [2]} {
  %tile = ktdp.get_compute_tile_id : index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %row = arith.muli %tile, %c2 : index
  %X = ktdp.construct_memory_view %x, sizes: [4, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x256xf16>
  %ninf = arith.constant 0xFC00 : f16
  %zero = arith.constant 0.0 : f16
  %m0 = tensor.splat %ninf : tensor<2xf16>
  %l0 = tensor.splat %zero : tensor<2xf16>
  %m, %l = scf.for %c = %c0 to %c256 step %c64 iter_args(%mi = %m0, %li = %l0) -> (tensor<2xf16>, tensor<2xf16>) {
    %tx = ktdp.construct_access_tile %X[%row, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<4x256xf16> -> !ktdp.access_tile<2x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %bm = linalg.reduce { arith.maximumf } ins(%v : tensor<2x64xf16>) outs(%m0 : tensor<2xf16>) dimensions = [1]
    %mn = arith.maximumf %mi, %bm : tensor<2xf16>
    %d = arith.subf %mi, %mn : tensor<2xf16>
    %alpha = math.exp %d : tensor<2xf16>
    %e0 = tensor.empty() : tensor<2x64xf16>
    %mb = linalg.broadcast ins(%mn : tensor<2xf16>) outs(%e0 : tensor<2x64xf16>) dimensions = [1]
    %sh = arith.subf %v, %mb : tensor<2x64xf16>
    %e = math.exp %sh : tensor<2x64xf16>
    %bs = linalg.reduce { arith.addf } ins(%e : tensor<2x64xf16>) outs(%l0 : tensor<2xf16>) dimensions = [1]
    %la = arith.mulf %li, %alpha : tensor<2xf16>
    %ln = arith.addf %la, %bs : tensor<2xf16>
    scf.yield %mn, %ln : tensor<2xf16>, tensor<2xf16>
  }
  %e1 = tensor.empty() : tensor<2x64xf16>
  %mrow = linalg.broadcast ins(%m : tensor<2xf16>) outs(%e1 : tensor<2x64xf16>) dimensions = [1]
  %lrow = linalg.broadcast ins(%l : tensor<2xf16>) outs(%e1 : tensor<2x64xf16>) dimensions = [1]
  scf.for %c = %c0 to %c256 step %c64 {
    %tx = ktdp.construct_access_tile %X[%row, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<4x256xf16> -> !ktdp.access_tile<2x64xindex>
    %ty = ktdp.construct_access_tile %Y[%row, %c] {access_tile_set = #blk, access_tile_order = #id} : memref<4x256xf16> -> !ktdp.access_tile<2x64xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<2x64xindex> -> tensor<2x64xf16>
    %sh = arith.subf %v, %mrow : tensor<2x64xf16>
    %ex = math.exp %sh : tensor<2x64xf16>
    %o = arith.divf %ex, %lrow : tensor<2x64xf16>
    ktdp.store %o, %ty : tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>
  }
  return
}
