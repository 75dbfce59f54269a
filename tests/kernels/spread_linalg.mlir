// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// spread_linalg.mlir - spread_center's kernel in linalg's destination-
// passing form, as generated KTIR has it, plus 0.5: the sum's init and the
// mean's row by linalg.fill (the mean a scalar computed from the sum's
// tensor.extract, which ktc-split makes a one-element generic, as for a
// tensor.splat), the mean subtracted by linalg.sub into a tensor.empty,
// the exp by an elementwise linalg.generic (identity maps), 0.5 a
// linalg.fill added by linalg.add. ktc-split's spread retypes each to a
// tile's [64, 128] block as it does the arith ops: over 8 cores of spyre,
// bit for bit ktc-interp's (2737 cycles, 6024 on one core).
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 65535 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @spread_linalg(%x: index, %y: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, 65536], strides: [65536, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x65536xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, 65536], strides: [65536, 1] {
    coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<2x65536xf16>
  scf.for %r = %c0 to %c2 step %c1 {
    %tx = ktdp.construct_access_tile %X[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    %v = ktdp.load %tx : !ktdp.access_tile<1x65536xindex> -> tensor<1x65536xf16>
    %zero = arith.constant 0.0 : f16
    %e1 = tensor.empty() : tensor<1xf16>
    %init = linalg.fill ins(%zero : f16) outs(%e1 : tensor<1xf16>) -> tensor<1xf16>
    %s = linalg.reduce { arith.addf } ins(%v : tensor<1x65536xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
    %ss = tensor.extract %s[%c0] : tensor<1xf16>
    %n = arith.constant 256.0 : f16
    %mean = arith.divf %ss, %n : f16
    %e2 = tensor.empty() : tensor<1x65536xf16>
    %mb = linalg.fill ins(%mean : f16) outs(%e2 : tensor<1x65536xf16>) -> tensor<1x65536xf16>
    %e3 = tensor.empty() : tensor<1x65536xf16>
    %d = linalg.sub ins(%v, %mb : tensor<1x65536xf16>, tensor<1x65536xf16>) outs(%e3 : tensor<1x65536xf16>) -> tensor<1x65536xf16>
    %e4 = tensor.empty() : tensor<1x65536xf16>
    %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%d : tensor<1x65536xf16>) outs(%e4 : tensor<1x65536xf16>) {
    ^bb0(%a: f16, %o: f16):
      %x1 = math.exp %a : f16
      linalg.yield %x1 : f16
    } -> tensor<1x65536xf16>
    %half = arith.constant 0.5 : f16
    %e5 = tensor.empty() : tensor<1x65536xf16>
    %h = linalg.fill ins(%half : f16) outs(%e5 : tensor<1x65536xf16>) -> tensor<1x65536xf16>
    %e6 = tensor.empty() : tensor<1x65536xf16>
    %f = linalg.add ins(%e, %h : tensor<1x65536xf16>, tensor<1x65536xf16>) outs(%e6 : tensor<1x65536xf16>) -> tensor<1x65536xf16>
    %ty = ktdp.construct_access_tile %Y[%r, %c0] {access_tile_set = #row, access_tile_order = #id} : memref<2x65536xf16> -> !ktdp.access_tile<1x65536xindex>
    ktdp.store %f, %ty : tensor<1x65536xf16>, !ktdp.access_tile<1x65536xindex>
  }
  return
}
