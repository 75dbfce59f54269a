// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=sample
// LAUNCH: --arg m=64 --arg n=3
// Integer (i32) arguments of the kernel, Triton style: tile t scales the
// 64 elements at t * index_cast(m) by sitofp(n). Each is declared as the
// symbol of its value as an index (symbol.create_id of an arith.index_cast,
// as a runtime_arg's value is); the offset's index_cast folds into it and
// the compute body's sitofp of the argument is a `vectorchain.splat` of it.
// Before, ktc-lower refused both ("argument #2 of the kernel is used as an
// index but is of type neither index nor runtime_arg"; the sitofp: "not
// supported yet (no vectorchain form)").
#row = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
#id = affine_map<(d0) -> (d0)>
func.func @scale_i32(%x: index, %y: index, %m: i32, %n: i32) attributes {grid = [2]} {
  %t = ktdp.get_compute_tile_id : index
  %mi = arith.index_cast %m : i32 to index
  %off = arith.muli %t, %mi : index
  %X = ktdp.construct_memory_view %x, sizes: [128], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [128], strides: [1] {
    coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128xf16>
  %tx = ktdp.construct_access_tile %X[%off] {access_tile_set = #row, access_tile_order = #id} : memref<128xf16> -> !ktdp.access_tile<64xindex>
  %ty = ktdp.construct_access_tile %Y[%off] {access_tile_set = #row, access_tile_order = #id} : memref<128xf16> -> !ktdp.access_tile<64xindex>
  %v = ktdp.load %tx : !ktdp.access_tile<64xindex> -> tensor<64xf16>
  %nf = arith.sitofp %n : i32 to f16
  %nb = tensor.splat %nf : tensor<64xf16>
  %o = arith.mulf %v, %nb : tensor<64xf16>
  ktdp.store %o, %ty : tensor<64xf16>, !ktdp.access_tile<64xindex>
  return
}
