// RUN: ktc-split
// PARSE: --device=sample
// LAUNCH: --arg bt_idx=0
// LAUNCH: --arg bt_idx=5
// gather_heads.mlir - the paged-attention read: tile pid (one KV head each,
// 4 tiles) gathers 2 pages of 16 tokens of its head from a paged cache,
// cache[bt[0, bt_idx + p], t, pid, :] (an i32 block table; the head a
// captured value in a direct subscript), and writes exp of them to
// out[pid]. The rows form: one index read per page, whole 128-byte rows.
module {
  func.func @paged_heads(%cache: index, %bt: index, %out: index, %bt_idx: index) attributes {grid = [4]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %C = ktdp.construct_memory_view %cache, sizes: [16, 16, 4, 64], strides: [4096, 256, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 >= 0, -d2 + 3 >= 0, d3 >= 0, -d3 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<16x16x4x64xf16>
    %B = ktdp.construct_memory_view %bt, sizes: [1, 8], strides: [8, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 7 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<1x8xi32>
    %O = ktdp.construct_memory_view %out, sizes: [4, 2, 16, 1, 64], strides: [2048, 1024, 64, 64, 1] {
      coordinate_set = affine_set<(d0, d1, d2, d3, d4) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 15 >= 0, d3 == 0, d4 >= 0, -d4 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>} : memref<4x2x16x1x64xf16>
    %tk = ktdp.construct_indirect_access_tile intermediate_variables(%d0, %d1, %d2, %d3)
        %C[ind(%B[0, %bt_idx + %d0]), (%d1), (%pid + %d2), (%d3)] {
      variables_space_set = affine_set<(d0, d1, d2, d3) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 15 >= 0, d2 == 0, d3 >= 0, -d3 + 63 >= 0)>,
      variables_space_order = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
    } : memref<16x16x4x64xf16>, memref<1x8xi32> -> !ktdp.access_tile<2x16x1x64xindex>
    %to = ktdp.construct_access_tile %O[%pid, %c0, %c0, %c0, %c0] {
      access_tile_set = affine_set<(d0, d1, d2, d3, d4) : (d0 == 0, d1 >= 0, -d1 + 1 >= 0, d2 >= 0, -d2 + 15 >= 0, d3 == 0, d4 >= 0, -d4 + 63 >= 0)>,
      access_tile_order = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>} : memref<4x2x16x1x64xf16> -> !ktdp.access_tile<1x2x16x1x64xindex>
    %k = ktdp.load %tk : !ktdp.access_tile<2x16x1x64xindex> -> tensor<2x16x1x64xf16>
    %s = math.exp %k : tensor<2x16x1x64xf16>
    %e = tensor.expand_shape %s [[0, 1], [2], [3], [4]] output_shape [1, 2, 16, 1, 64] : tensor<2x16x1x64xf16> into tensor<1x2x16x1x64xf16>
    ktdp.store %e, %to : tensor<1x2x16x1x64xf16>, !ktdp.access_tile<1x2x16x1x64xindex>
    return
  }
}
