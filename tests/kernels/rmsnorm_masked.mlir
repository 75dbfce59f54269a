// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=256 --arg eps=0.001 --arg x=f16:8x256 --arg w=f16:8x256 --arg y=f16:8x256
// LAUNCH: --arg n=200 --arg eps=0.001 --arg x=f16:8x256 --arg w=f16:8x256 --arg y=f16:8x256
// LAUNCH: --arg n=100 --arg eps=0.001 --arg x=f16:8x256 --arg w=f16:8x256 --arg y=f16:8x256
// LAUNCH: --arg n=1 --arg eps=0.001 --arg x=f16:8x256 --arg w=f16:8x256 --arg y=f16:8x256
// rmsnorm_masked.mlir - rmsnorm.mlir as Triton writes it for a row of n
// columns (n <= 256, an argument) in rows 256 apart: the views own the
// columns below n (their sets' upper bound), and every 64-wide block runs,
// masked past n. The sum of squares is carried in a tensor, stored
// nowhere masked: ktc-split zero-fills its reads of X past n (they read
// 0, ref 6.6). The scaling pass's stores to Y are masked: only its
// columns below n are written, its tile loop cut at them. ktc-split's
// peel runs that pass's whole blocks (up to min(256, n - 63)) as a loop
// of unmasked tiles, then the masked block alone.
#cols = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rmsnorm_masked(%x: index, %w: index, %y: index, %n: index, %eps: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [256, 1] {
      coordinate_set = #cols,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    %W = ktdp.construct_memory_view %w, sizes: [8, %n], strides: [256, 1] {
      coordinate_set = #cols,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [256, 1] {
      coordinate_set = #cols,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    scf.for %row = %tile to %c8 step %c4 {
      %zero = arith.constant dense<0.0> : tensor<1x64xf16>
      %sq = scf.for %col = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (tensor<1x64xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %v2 = arith.mulf %v, %v : tensor<1x64xf16>
        %next = arith.addf %acc, %v2 : tensor<1x64xf16>
        scf.yield %next : tensor<1x64xf16>
      }
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sq : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %n32 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %n32 : i32 to f16
      %mean = arith.divf %s, %nf : f16
      %me = arith.addf %mean, %eps : f16
      %rstd = math.rsqrt %me : f16
      %rb = tensor.splat %rstd : tensor<1x64xf16>
      scf.for %col = %c0 to %c256 step %c64 {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %tw = ktdp.construct_access_tile %W[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %nv = arith.mulf %v, %rb : tensor<1x64xf16>
        %o = arith.mulf %nv, %wv : tensor<1x64xf16>
        ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
