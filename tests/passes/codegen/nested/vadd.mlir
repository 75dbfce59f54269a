// vadd.mlir - C = A + B on 8192 f16 over a grid of 2: 64 rows of 64 per
// tile. The KTIR source of vadd.nested.mlir (ktc-launch --check runs it on
// ktc-interp) and the first path's input.
module {
  func.func @vadd(%a: index, %b: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %cP = arith.constant 4096 : index
    %start = arith.muli %tile, %cP : index
    %A = ktdp.construct_memory_view %a, sizes: [8192], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8192xf16>
    %B = ktdp.construct_memory_view %b, sizes: [8192], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8192xf16>
    %C = ktdp.construct_memory_view %c, sizes: [8192], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8192xf16>
    %ta = ktdp.construct_access_tile %A[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<8192xf16> -> !ktdp.access_tile<4096xindex>
    %tb = ktdp.construct_access_tile %B[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<8192xf16> -> !ktdp.access_tile<4096xindex>
    %tc = ktdp.construct_access_tile %C[%start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<8192xf16> -> !ktdp.access_tile<4096xindex>
    %x = ktdp.load %ta : !ktdp.access_tile<4096xindex> -> tensor<4096xf16>
    %y = ktdp.load %tb : !ktdp.access_tile<4096xindex> -> tensor<4096xf16>
    %sum = arith.addf %x, %y : tensor<4096xf16>
    ktdp.store %sum, %tc : tensor<4096xf16>, !ktdp.access_tile<4096xindex>
    return
  }
}
