// remote_scratch.mlir - y[t] = A + B on each tile t of a grid of 2, A read
// from the tile's own scratchpad (ct_local) and B from core 1's (ct_local,
// ct_id = 1), both at scratchpad address 0, where golden.json places the
// data (a0 in core 0's, a1 in core 1's): y[0] = a0 + a1, y[1] = a1 + a1.
// ktc-split moves B over the ring from core 1, core 1's own read included;
// ktc-allocate keeps its buffers off the bytes the views name, and off
// those of the view C (at 4096, data c0 on core 0), which nothing reads.
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @remote_scratch(%y: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %t = ktdp.get_compute_tile_id : index
    %row = arith.muli %t, %c32 : index
    %A = ktdp.construct_memory_view %c0, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<ct_local>
    } : memref<32x64xf16>
    %B = ktdp.construct_memory_view %c0, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<ct_local, ct_id = 1>
    } : memref<32x64xf16>
    %c4096 = arith.constant 4096 : index
    %C = ktdp.construct_memory_view %c4096, sizes: [32, 64], strides: [64, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<ct_local>
    } : memref<32x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %ta = ktdp.construct_access_tile %A[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
    %tb = ktdp.construct_access_tile %B[%c0, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<32x64xf16> -> !ktdp.access_tile<32x64xindex>
    %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #all, access_tile_order = #id} : memref<64x64xf16> -> !ktdp.access_tile<32x64xindex>
    %a = ktdp.load %ta : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
    %b = ktdp.load %tb : !ktdp.access_tile<32x64xindex> -> tensor<32x64xf16>
    %s = arith.addf %a, %b : tensor<32x64xf16>
    ktdp.store %s, %ty : tensor<32x64xf16>, !ktdp.access_tile<32x64xindex>
    return
  }
}
