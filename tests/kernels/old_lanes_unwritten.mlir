// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=1 --arg x=f16:2x256 --arg y=f16:2x256 --arg z=f16:2x128
// LAUNCH: --arg n=64 --arg x=f16:2x256 --arg y=f16:2x256 --arg z=f16:2x128
// LAUNCH: --arg n=100 --arg x=f16:2x256 --arg y=f16:2x256 --arg z=f16:2x128
// LAUNCH: --arg n=120 --arg x=f16:2x256 --arg y=f16:2x256 --arg z=f16:2x128
// LAUNCH: --arg n=200 --arg x=f16:2x256 --arg y=f16:2x256 --arg z=f16:2x128
// A masked store's old lanes (split.h "Masked tiles"): the read of what
// its last vector's lanes past n hold is marked old_lanes, and unwritten
// when no store of the kernel can write those addresses before it: y's
// rows are 256 apart and its blocks of 64 stay below column 256, so its
// tiles' indices map to addresses one to one (ktc-lower then orders that
// read with nothing); z's rows are 100 apart and its blocks reach column
// 127, into the next row's columns below n, and its rows are stored last
// first (row 1 - r): row 0's old lanes are row 1's columns, which its
// stores wrote before (n above 100: z's rows overlap), so the read is
// old_lanes alone, ordered after them. (Stored first row first, as y is,
// no store before a row's old lanes would write them: unwritten too,
// split_mask.c rows_ascending.)
#set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @old_lanes_unwritten(%x: index, %y: index, %z: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, %n], strides: [256, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [2, %n], strides: [256, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x?xf16>
  %Z = ktdp.construct_memory_view %z, sizes: [2, %n], strides: [100, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x?xf16>
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %col = %c0 to %c256 step %c64 {
      %tx = ktdp.construct_access_tile %X[%r, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %e = math.exp %v : tensor<1x64xf16>
      ktdp.store %e, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    %rz = arith.subi %c1, %r : index
    scf.for %col = %c0 to %c128 step %c64 {
      %tx = ktdp.construct_access_tile %X[%r, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x64xindex>
      %tz = ktdp.construct_access_tile %Z[%rz, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %d = arith.addf %v, %v : tensor<1x64xf16>
      ktdp.store %d, %tz : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
  }
  return
}
