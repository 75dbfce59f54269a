// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg BLOCK_SIZE=128
// vector_add_ktir.mlir - out = x + y on 4096 f16 elements over a [32, 1]
// grid, Triton style: tile `pid` adds the BLOCK_SIZE (128) elements that
// start at pid * BLOCK_SIZE; BLOCK_SIZE is a scalar argument (launch time).
module {
  func.func @add_kernel(%x_ptr: index, %y_ptr: index, %output_ptr: index,
                        %BLOCK_SIZE: index) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %block_start = arith.muli %pid, %BLOCK_SIZE : index
    %x_view = ktdp.construct_memory_view %x_ptr, sizes: [4096], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096xf16>
    %y_view = ktdp.construct_memory_view %y_ptr, sizes: [4096], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096xf16>
    %out_view = ktdp.construct_memory_view %output_ptr, sizes: [4096], strides: [1] {
      coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4096xf16>
    %x_tile = ktdp.construct_access_tile %x_view[%block_start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<4096xf16> -> !ktdp.access_tile<128xindex>
    %y_tile = ktdp.construct_access_tile %y_view[%block_start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<4096xf16> -> !ktdp.access_tile<128xindex>
    %x = ktdp.load %x_tile : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %y = ktdp.load %y_tile : !ktdp.access_tile<128xindex> -> tensor<128xf16>
    %output = arith.addf %x, %y : tensor<128xf16>
    %out_tile = ktdp.construct_access_tile %out_view[%block_start] {
      access_tile_set = affine_set<(d0) : (d0 >= 0, -d0 + 127 >= 0)>,
      access_tile_order = affine_map<(d0) -> (d0)>
    } : memref<4096xf16> -> !ktdp.access_tile<128xindex>
    ktdp.store %output, %out_tile : tensor<128xf16>, !ktdp.access_tile<128xindex>
    return
  }
}
