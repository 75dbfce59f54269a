// scf.while, runtime_arg_extract, linalg.generic with linalg.index and a
// broadcast map, transpose, extract_slice, broadcast, collapse_shape,
// tensor.insert, function results.
func.func @misc(%out: index, %n: !ktdp.runtime_arg<index, granularity=4, upperbound=64>) -> (tensor<2x3xf32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nv = ktdp.runtime_arg_extract value from %n : <index, granularity=4, upperbound=64> -> index
  %gr = ktdp.runtime_arg_extract granularity from %n : <index, granularity=4, upperbound=64> -> index
  // while: sum of 0..nv-1
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %nv32 = arith.index_cast %nv : index to i32
  %r:2 = scf.while (%i = %zero, %acc = %zero) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %nv32 : i32
    scf.condition(%c) %i, %acc : i32, i32
  } do {
  ^bb0(%i2: i32, %acc2: i32):
    %a = arith.addi %acc2, %i2 : i32
    %i3 = arith.addi %i2, %one : i32
    scf.yield %i3, %a : i32, i32
  }
  // generic with linalg.index: out[i, j] = i * 10 + j + b[j]
  %b = arith.constant dense<[0.5, 0.25, 0.125]> : tensor<3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%bv: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ten = arith.constant 10 : index
    %i10 = arith.muli %i, %ten : index
    %s = arith.addi %i10, %j : index
    %s32 = arith.index_cast %s : index to i32
    %sf = arith.sitofp %s32 : i32 to f32
    %v = arith.addf %sf, %bv : f32
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  %tr_init = tensor.empty() : tensor<3x2xf32>
  %tr = linalg.transpose ins(%g : tensor<2x3xf32>) outs(%tr_init : tensor<3x2xf32>) permutation = [1, 0]
  %sl = tensor.extract_slice %tr[1, 0] [2, 2] [1, 1] : tensor<3x2xf32> to tensor<2x2xf32>
  %bc_init = tensor.empty() : tensor<2x2x2xf32>
  %bc = linalg.broadcast ins(%sl : tensor<2x2xf32>) outs(%bc_init : tensor<2x2x2xf32>) dimensions = [0]
  %fl = tensor.collapse_shape %bc [[0, 1, 2]] : tensor<2x2x2xf32> into tensor<8xf32>
  %sumf = arith.sitofp %r#1 : i32 to f32
  %grf_i = arith.index_cast %gr : index to i32
  %grf = arith.sitofp %grf_i : i32 to f32
  %ins = tensor.insert %sumf into %fl[%c0] : tensor<8xf32>
  %ins2 = tensor.insert %grf into %ins[%c1] : tensor<8xf32>
  %ov = ktdp.construct_memory_view %out, sizes: [8], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8xf32>
  %ot = ktdp.construct_access_tile %ov[%c0] {access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 7 >= 0)>, access_tile_order = affine_map<(d0) -> (d0)>} : memref<8xf32> -> !ktdp.access_tile<8xindex>
  ktdp.store %ins2, %ot : tensor<8xf32>, <8xindex>
  return %g, %r#1 : tensor<2x3xf32>, i32
}
