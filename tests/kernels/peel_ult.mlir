// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=256 --arg x=f16:4x256 --arg y=f16:4x256
// LAUNCH: --arg n=200 --arg x=f16:4x256 --arg y=f16:4x256
// LAUNCH: --arg n=5 --arg x=f16:4x256 --arg y=f16:4x256
// LAUNCH: --arg n=0 --arg x=f16:4x256 --arg y=f16:4x256
// peel_ult.mlir - exp over rows of n columns (n <= 256, known at launch)
// in blocks of 64, zero past n by an unsigned compare in the body
// (`off + j < n`, ult in i32: an index comparison would be lane compares)
// and stored masked past n. ktc-split's peel (split.h
// "Masked tiles") bounds the whole blocks' loop by min(256, n - 63) and
// starts the tail at a max(): the block's column must still be known to
// lie in [0, 255] for its cast to i32 to run in i32 lanes
// (split_index_range through minsi and maxsi), else the kernel is refused.
#set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @peel_ult(%x: index, %y: index, %n: index) attributes {grid = [2]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %z = arith.constant 0.0 : f16
  %n32 = arith.index_cast %n : index to i32
  %t = ktdp.get_compute_tile_id : index
  %X = ktdp.construct_memory_view %x, sizes: [4, %n], strides: [256, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  %Y = ktdp.construct_memory_view %y, sizes: [4, %n], strides: [256, 1] {
    coordinate_set = #set, memory_space = #ktdp.memory_space<global>} : memref<4x?xf16>
  scf.for %row = %t to %c4 step %c2 {
    scf.for %col = %c0 to %c256 step %c64 {
      %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x?xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x?xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %e = tensor.empty() : tensor<1x64xf16>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
      ^bb0(%in: f16, %out: f16):
        %j = linalg.index 1 : index
        %c = arith.addi %col, %j : index
        %c32 = arith.index_cast %c : index to i32
        %ok = arith.cmpi ult, %c32, %n32 : i32
        %ex = math.exp %in : f16
        %r = arith.select %ok, %ex, %z : f16
        linalg.yield %r : f16
      } -> tensor<1x64xf16>
      ktdp.store %d, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
  }
  return
}
