// DEVICES: spyre sample
// LAUNCH: --arg n_in=16 --arg p0=f16:64x16 --arg p1=f16:64x16 --arg p2=f16:64x16 --arg p3=f16:64x16 --arg out=f16:64x64
// LAUNCH: --arg n_in=32 --arg p0=f16:64x32 --arg p1=f16:64x32 --arg p2=f16:64x32 --arg p3=f16:64x32 --arg out=f16:64x128
// LAUNCH: --arg n_in=8 --arg p0=f16:64x8 --arg p1=f16:64x8 --arg p2=f16:64x8 --arg p3=f16:64x8 --arg out=f16:64x32
// LAUNCH: --arg n_in=24 --arg p0=f16:64x24 --arg p1=f16:64x24 --arg p2=f16:64x24 --arg p3=f16:64x24 --arg out=f16:64x96
// dist_copy_4way.mlir - a 64 x 4n matrix held as four column blocks of
// n (launch-time) in four tensors, copied into one tensor in 64 x 32
// tiles. On spyre ktc-split moves a tile's rows in flight, 16 a pipeline,
// each row's DMA addresses computed from n at run time: the DMA units'
// programs need 16 scalar registers when a temporary is free after its
// value's last use; they needed more than the 64 a unit has while
// temporaries were freed only at their loop's end.
#p0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#p1 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 - s0 >= 0, -d1 + 2*s0 - 1 >= 0)>
#p2 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 - 2*s0 >= 0, -d1 + 3*s0 - 1 >= 0)>
#p3 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 - 3*s0 >= 0, -d1 + 4*s0 - 1 >= 0)>
#all = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#tile = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 31 >= 0)>
#rm = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dist_copy_4way(%p0: index, %p1: index, %p2: index, %p3: index, %out: index,
                            %n_in: i32) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %n = arith.index_cast %n_in : i32 to index
    %w = arith.muli %n, %c4 : index
    %V0 = ktdp.construct_memory_view %p0, sizes: [64, %n], strides: [%n, 1] {
      coordinate_set = #p0, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
    %V1 = ktdp.construct_memory_view %p1, sizes: [64, %n], strides: [%n, 1] {
      coordinate_set = #p1, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
    %V2 = ktdp.construct_memory_view %p2, sizes: [64, %n], strides: [%n, 1] {
      coordinate_set = #p2, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
    %V3 = ktdp.construct_memory_view %p3, sizes: [64, %n], strides: [%n, 1] {
      coordinate_set = #p3, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
    %V = ktdp.construct_distributed_memory_view
        (%V0, %V1, %V2, %V3 : memref<64x?xf16>, memref<64x?xf16>, memref<64x?xf16>, memref<64x?xf16>)
        : memref<64x?xf16>
    %O = ktdp.construct_memory_view %out, sizes: [64, %w], strides: [%w, 1] {
      coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<64x?xf16>
    scf.for %j = %c0 to %w step %c32 {
      %src = ktdp.construct_access_tile %V[%c0, %j] {
        access_tile_set = #tile, access_tile_order = #rm} : memref<64x?xf16> -> !ktdp.access_tile<64x32xindex>
      %dst = ktdp.construct_access_tile %O[%c0, %j] {
        access_tile_set = #tile, access_tile_order = #rm} : memref<64x?xf16> -> !ktdp.access_tile<64x32xindex>
      %x = ktdp.load %src : !ktdp.access_tile<64x32xindex> -> tensor<64x32xf16>
      ktdp.store %x, %dst : tensor<64x32xf16>, !ktdp.access_tile<64x32xindex>
    }
    return
  }
}
