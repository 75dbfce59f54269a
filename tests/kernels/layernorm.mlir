// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// LAUNCH: --arg n=256 --arg eps=0.001
// layernorm.mlir - Y = (X - mean) * rsqrt(var + eps) * W + B over the rows
// of an 8x256 f16 matrix on a grid of 4 tiles (tile t: rows t, t+4), W and
// B one row of 256 shared by every row. Per row the sum and the sum of
// squares accumulate over four 64-wide column blocks in two carried tensors
// (scratchpad buffers), are reduced to one element each, turned into mean
// and rstd = rsqrt(E[x^2] - mean^2 + eps) by scalar math on the compute
// unit (n and eps are arguments, known at launch), and a second loop
// normalizes the row block by block.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @layernorm(%x: index, %w: index, %b: index, %y: index, %n: index, %eps: f16) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x256xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x256xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x256xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x256xf16>
    scf.for %row = %tile to %c8 step %c4 {
      %zero = arith.constant dense<0.0> : tensor<1x64xf16>
      %s1, %s2 = scf.for %col = %c0 to %c256 step %c64 iter_args(%a1 = %zero, %a2 = %zero) -> (tensor<1x64xf16>, tensor<1x64xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %n1 = arith.addf %a1, %v : tensor<1x64xf16>
        %v2 = arith.mulf %v, %v : tensor<1x64xf16>
        %n2 = arith.addf %a2, %v2 : tensor<1x64xf16>
        scf.yield %n1, %n2 : tensor<1x64xf16>, tensor<1x64xf16>
      }
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%s1 : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %sumsq = linalg.reduce { arith.addf } ins(%s2 : tensor<1x64xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %t1 = tensor.extract %sum[%c0] : tensor<1xf16>
      %t2 = tensor.extract %sumsq[%c0] : tensor<1xf16>
      %n32 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %n32 : i32 to f16
      %mean = arith.divf %t1, %nf : f16
      %ex2 = arith.divf %t2, %nf : f16
      %m2 = arith.mulf %mean, %mean : f16
      %var = arith.subf %ex2, %m2 : f16
      %ve = arith.addf %var, %eps : f16
      %rstd = math.rsqrt %ve : f16
      %mb = tensor.splat %mean : tensor<1x64xf16>
      %rb = tensor.splat %rstd : tensor<1x64xf16>
      scf.for %col = %c0 to %c256 step %c64 {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x64xindex>
        %tb = ktdp.construct_access_tile %B[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x256xf16> -> !ktdp.access_tile<1x64xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x64xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %bv = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
        %c = arith.subf %v, %mb : tensor<1x64xf16>
        %nv = arith.mulf %c, %rb : tensor<1x64xf16>
        %sc = arith.mulf %nv, %wv : tensor<1x64xf16>
        %o = arith.addf %sc, %bv : tensor<1x64xf16>
        ktdp.store %o, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      }
    }
    return
  }
}
