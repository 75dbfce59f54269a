// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=64 --arg x=f16:2x128 --arg z=f16:2x128
// LAUNCH: --arg n=100 --arg x=f16:2x128 --arg z=f16:2x128
// LAUNCH: --arg n=120 --arg x=f16:2x128 --arg z=f16:2x128
// A masked store's old lanes read again (split.h "Masked tiles"): z's two
// rows, 100 apart, stored by a row loop in ascending order, in blocks of 64
// reaching column 127, into the next row's columns below n (n above 100:
// the rows overlap), twice: the row loop runs in a loop of its own (k), so
// row 0's old lanes in the second run are row 1's columns, which the first
// run stored before them. The read is old_lanes alone (ordered after those
// stores; split_mask.c rows_ascending takes a row loop in no other loop).
#set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @old_lanes_revisit(%x: index, %z: index, %n: index) attributes {grid = [1]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %X = ktdp.construct_memory_view %x, sizes: [2, %n], strides: [128, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x?xf16>
  %Z = ktdp.construct_memory_view %z, sizes: [2, %n], strides: [100, 1] {coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<2x?xf16>
  scf.for %k = %c0 to %c2 step %c1 {
    %k32 = arith.index_cast %k : index to i32
    %kf = arith.sitofp %k32 : i32 to f16
    %kb = tensor.splat %kf : tensor<1x64xf16>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %col = %c0 to %c128 step %c64 {
        %tx = ktdp.construct_access_tile %X[%r, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x64xindex>
        %tz = ktdp.construct_access_tile %Z[%r, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<2x?xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %d = arith.addf %v, %kb : tensor<1x64xf16>
        ktdp.store %d, %tz : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
  }
  return
}
