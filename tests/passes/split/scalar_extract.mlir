// RUN: ktc-split
// PARSE: --device=sample
// Scalar math on a tensor.extract (divide by a count made by sitofp of an
// index_cast, add a constant, rsqrt) that ends in a splat runs on the
// compute unit: a one-element generic reads the reduced tensor at the
// extract's index, the constants (the count folded) are made in its body,
// its result stays in scratchpad, and the splat becomes an input read at
// element 0 of it.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @rstd(%a: index, %y: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %A = ktdp.construct_memory_view %a, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
  %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %ty = ktdp.construct_access_tile %Y[%c0, %c0] {access_tile_set = #set, access_tile_order = #id} : memref<1x64xf16> -> !ktdp.access_tile<1x64xindex>
  %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
  %z = arith.constant 0.0 : f16
  %init = tensor.splat %z : tensor<1xf16>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
  %s = tensor.extract %sum[%c0] : tensor<1xf16>
  %n32 = arith.index_cast %c64 : index to i32
  %n = arith.sitofp %n32 : i32 to f16
  %eps = arith.constant 1.0e-03 : f16
  %mean = arith.divf %s, %n : f16
  %me = arith.addf %mean, %eps : f16
  %r = math.rsqrt %me : f16
  %rb = tensor.splat %r : tensor<1x64xf16>
  %out = arith.mulf %x, %rb : tensor<1x64xf16>
  ktdp.store %out, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
  return
}
