// RUN: ktc-split --stats 2>&1 >/dev/null
// PARSE: --device=spyre
// PRINT: none
// ktc-split --stats of the spread (split_spread.c) on three kernels of one
// tile: @center's 2 rows of 65536 f16 (exp(x - sum / 256)) go over 8
// cores, a row's vector work 1536 cycles on one core against 1285 of
// memory; @vocab's rows of 32000 (2^8 * 125) split exactly over 2 cores
// at most, in blocks of 16000 whose exchange and fold cost more than the
// halved passes save: not taken; @bias reads a bias vector (a tile of
// rank 1) the spread does not move: not taken, naming the op.
#r2 = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#a2 = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#rv = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 31999 >= 0)>
#b1 = affine_set<(d0) : (d0 >= 0, -d0 + 65535 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
module {
  func.func @center(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 65536], strides: [65536, 1] {
      coordinate_set = #a2, memory_space = #ktdp.memory_space<global>} : memref<2x65536xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 65536], strides: [65536, 1] {
      coordinate_set = #a2, memory_space = #ktdp.memory_space<global>} : memref<2x65536xf16>
    scf.for %r = %c0 to %c2 step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #r2, access_tile_order = #id} : memref<2x65536xf16> -> !ktdp.access_tile<1x65536xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x65536xindex> -> tensor<1x65536xf16>
      %zero = arith.constant 0.0 : f16
      %init = tensor.splat %zero : tensor<1xf16>
      %s = linalg.reduce { arith.addf } ins(%v : tensor<1x65536xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %ss = tensor.extract %s[%c0] : tensor<1xf16>
      %n = arith.constant 256.0 : f16
      %mean = arith.divf %ss, %n : f16
      %mb = tensor.splat %mean : tensor<1x65536xf16>
      %d = arith.subf %v, %mb : tensor<1x65536xf16>
      %e = math.exp %d : tensor<1x65536xf16>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #r2, access_tile_order = #id} : memref<2x65536xf16> -> !ktdp.access_tile<1x65536xindex>
      ktdp.store %e, %ty : tensor<1x65536xf16>, !ktdp.access_tile<1x65536xindex>
    }
    return
  }
  func.func @vocab(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [1, 32000], strides: [32000, 1] {
      coordinate_set = #rv, memory_space = #ktdp.memory_space<global>} : memref<1x32000xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 32000], strides: [32000, 1] {
      coordinate_set = #rv, memory_space = #ktdp.memory_space<global>} : memref<1x32000xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #rv, access_tile_order = #id} : memref<1x32000xf16> -> !ktdp.access_tile<1x32000xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x32000xindex> -> tensor<1x32000xf16>
    %zero = arith.constant 0.0 : f16
    %init = tensor.splat %zero : tensor<1xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<1x32000xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %s[%c0] : tensor<1xf16>
    %mb = tensor.splat %ss : tensor<1x32000xf16>
    %d = arith.subf %v, %mb : tensor<1x32000xf16>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #rv, access_tile_order = #id} : memref<1x32000xf16> -> !ktdp.access_tile<1x32000xindex>
    ktdp.store %d, %ty : tensor<1x32000xf16>, !ktdp.access_tile<1x32000xindex>
    return
  }
  func.func @bias(%x: index, %b: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %X = ktdp.construct_memory_view %x, sizes: [1, 65536], strides: [65536, 1] {
      coordinate_set = #r2, memory_space = #ktdp.memory_space<global>} : memref<1x65536xf16>
    %B = ktdp.construct_memory_view %b, sizes: [65536], strides: [1] {
      coordinate_set = #b1, memory_space = #ktdp.memory_space<global>} : memref<65536xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [1, 65536], strides: [65536, 1] {
      coordinate_set = #r2, memory_space = #ktdp.memory_space<global>} : memref<1x65536xf16>
    %tx = ktdp.construct_access_tile %X[%c0, %c0] {access_tile_set = #r2, access_tile_order = #id} : memref<1x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x65536xindex> -> tensor<1x65536xf16>
    %tb = ktdp.construct_access_tile %B[%c0] {access_tile_set = #b1, access_tile_order = #id1} : memref<65536xf16> -> !ktdp.access_tile<65536xindex>
    %bv = ktdp.load %tb : !ktdp.access_tile<65536xindex> -> tensor<65536xf16>
    %b2 = tensor.expand_shape %bv [[0, 1]] output_shape [1, 65536] : tensor<65536xf16> into tensor<1x65536xf16>
    %zero = arith.constant 0.0 : f16
    %init = tensor.splat %zero : tensor<1xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<1x65536xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %s[%c0] : tensor<1xf16>
    %mb = tensor.splat %ss : tensor<1x65536xf16>
    %d = arith.subf %v, %mb : tensor<1x65536xf16>
    %e = arith.addf %d, %b2 : tensor<1x65536xf16>
    %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #r2, access_tile_order = #id} : memref<1x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    ktdp.store %e, %ty : tensor<1x65536xf16>, !ktdp.access_tile<1x65536xindex>
    return
  }
}
