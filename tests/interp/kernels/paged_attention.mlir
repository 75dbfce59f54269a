// A small paged attention: 8 query rows x 16 dims against a KV cache of
// 16-token pages reached through a block table (indirect tiles), causal
// mask (linalg.generic + linalg.index + cmpi ule + select), online softmax
// in f32 (extf/truncf, 3 iter_args), P x V accumulated through matmul outs.
func.func @pa(%q_ptr: index, %k_ptr: index, %v_ptr: index, %bt_ptr: index, %o_ptr: index,
              %npages: index, %qpos0: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %qv = ktdp.construct_memory_view %q_ptr, sizes: [8, 16], strides: [16, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x16xf16>
  %kv = ktdp.construct_memory_view %k_ptr, sizes: [8, 16, 16], strides: [256, 16, 1] {coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x16x16xf16>
  %vv = ktdp.construct_memory_view %v_ptr, sizes: [8, 16, 16], strides: [256, 16, 1] {coordinate_set = affine_set<(d0, d1, d2) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x16x16xf16>
  %btv = ktdp.construct_memory_view %bt_ptr, sizes: [1, 8], strides: [8, 1] {coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 7 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x8xi32>
  %qt = ktdp.construct_access_tile %qv[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x16xf16> -> !ktdp.access_tile<8x16xindex>
  %q = ktdp.load %qt : !ktdp.access_tile<8x16xindex> -> tensor<8x16xf16>
  %ninf_bits = arith.constant 0xFF800000 : i32
  %ninf = arith.bitcast %ninf_bits : i32 to f32
  %m0 = tensor.splat %ninf : tensor<8xf32>
  %zero = arith.constant 0.0 : f32
  %l0 = tensor.splat %zero : tensor<8xf32>
  %acc0 = arith.constant dense<0.0> : tensor<8x16xf32>
  %scale = arith.constant 2.500000e-01 : f32
  %res:3 = scf.for %p = %c0 to %npages step %c1 iter_args(%m = %m0, %l = %l0, %acc = %acc0) -> (tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>) {
    %kt = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1, %d2) %kv[ind(%btv[%c0, %p + %d0]), (%d1), (%d2)] {
      variables_space_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 15 >= 0)>,
      variables_space_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<8x16x16xf16>, memref<1x8xi32> -> !ktdp.access_tile<1x16x16xindex>
    %vt = ktdp.construct_indirect_access_tile intermediate_variables(%e0, %e1, %e2) %vv[ind(%btv[%c0, %p + %e0]), (%e1), (%e2)] {
      variables_space_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 15 >= 0)>,
      variables_space_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    } : memref<8x16x16xf16>, memref<1x8xi32> -> !ktdp.access_tile<1x16x16xindex>
    %k3 = ktdp.load %kt : !ktdp.access_tile<1x16x16xindex> -> tensor<1x16x16xf16>
    %v3 = ktdp.load %vt : !ktdp.access_tile<1x16x16xindex> -> tensor<1x16x16xf16>
    %k = tensor.collapse_shape %k3 [[0, 1], [2]] : tensor<1x16x16xf16> into tensor<16x16xf16>
    %v = tensor.collapse_shape %v3 [[0, 1], [2]] : tensor<1x16x16xf16> into tensor<16x16xf16>
    %kT0 = tensor.empty() : tensor<16x16xf16>
    %kT = linalg.transpose ins(%k : tensor<16x16xf16>) outs(%kT0 : tensor<16x16xf16>) permutation = [1, 0]
    %s0 = arith.constant dense<0.0> : tensor<8x16xf16>
    %s16 = linalg.matmul ins(%q, %kT : tensor<8x16xf16>, tensor<16x16xf16>) outs(%s0 : tensor<8x16xf16>) -> tensor<8x16xf16>
    %s = arith.extf %s16 : tensor<8x16xf16> to tensor<8x16xf32>
    %kbase = arith.muli %p, %c16 : index
    %se = tensor.empty() : tensor<8x16xf32>
    %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x16xf32>) outs(%se : tensor<8x16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %r = linalg.index 0 : index
      %c = linalg.index 1 : index
      %qpos = arith.addi %qpos0, %r : index
      %kpos = arith.addi %kbase, %c : index
      %ok = arith.cmpi ule, %kpos, %qpos : index
      %xs = arith.mulf %x, %scale : f32
      %y = arith.select %ok, %xs, %ninf : f32
      linalg.yield %y : f32
    } -> tensor<8x16xf32>
    %mx = linalg.reduce { arith.maximumf } ins(%masked : tensor<8x16xf32>) outs(%m : tensor<8xf32>) dimensions = [1]
    %mb0 = tensor.empty() : tensor<8x16xf32>
    %mb = linalg.broadcast ins(%mx : tensor<8xf32>) outs(%mb0 : tensor<8x16xf32>) dimensions = [1]
    %sh = arith.subf %masked, %mb : tensor<8x16xf32>
    %pe = math.exp %sh : tensor<8x16xf32>
    %alpha_in = arith.subf %m, %mx : tensor<8xf32>
    %alpha = math.exp %alpha_in : tensor<8xf32>
    %lsc = arith.mulf %l, %alpha : tensor<8xf32>
    %rs = linalg.reduce { arith.addf } ins(%pe : tensor<8x16xf32>) outs(%lsc : tensor<8xf32>) dimensions = [1]
    %ab0 = tensor.empty() : tensor<8x16xf32>
    %ab = linalg.broadcast ins(%alpha : tensor<8xf32>) outs(%ab0 : tensor<8x16xf32>) dimensions = [1]
    %accs = arith.mulf %acc, %ab : tensor<8x16xf32>
    %p16 = arith.truncf %pe : tensor<8x16xf32> to tensor<8x16xf16>
    %pv0 = arith.constant dense<0.0> : tensor<8x16xf16>
    %pv = linalg.matmul ins(%p16, %v : tensor<8x16xf16>, tensor<16x16xf16>) outs(%pv0 : tensor<8x16xf16>) -> tensor<8x16xf16>
    %pv32 = arith.extf %pv : tensor<8x16xf16> to tensor<8x16xf32>
    %acc2 = arith.addf %accs, %pv32 : tensor<8x16xf32>
    scf.yield %mx, %rs, %acc2 : tensor<8xf32>, tensor<8xf32>, tensor<8x16xf32>
  }
  %lb0 = tensor.empty() : tensor<8x16xf32>
  %lb = linalg.broadcast ins(%res#1 : tensor<8xf32>) outs(%lb0 : tensor<8x16xf32>) dimensions = [1]
  %out32 = arith.divf %res#2, %lb : tensor<8x16xf32>
  %out = arith.truncf %out32 : tensor<8x16xf32> to tensor<8x16xf16>
  %ov = ktdp.construct_memory_view %o_ptr, sizes: [8, 16], strides: [16, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x16xf16>
  %ot = ktdp.construct_access_tile %ov[%c0, %c0] {access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 15 >= 0)>, access_tile_order = affine_map<(d0, d1) -> (d0, d1)>} : memref<8x16xf16> -> !ktdp.access_tile<8x16xindex>
  ktdp.store %out, %ot : tensor<8x16xf16>, !ktdp.access_tile<8x16xindex>
  return
}
