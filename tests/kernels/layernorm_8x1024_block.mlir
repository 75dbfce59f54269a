// RUN: ktc-split | ktc-path-expand | ktc-nest
// PARSE: --device=sample
// DEVICES: sample spyre
// LAUNCH: --arg n=1024 --arg eps=0.001
// layernorm_8x1024_block.mlir - layernorm_8x1024 with its column blocks as
// wide as the row (a Triton kernel's BLOCK_SIZE = N): the column loops run
// once. ktc-split replaces each by its body (split.h, "Loops that run
// once"): the sums are then reductions of the row and of its squares, as
// in a kernel written without blocks, not tensors carried in scratchpad
// (sample 2912 -> 1834 cycles, spyre 1172 -> 1106).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @layernorm(%x: index, %w: index, %b: index, %y: index, %n: index, %eps: f16) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bs = arith.constant 1024 : index
    %c1024 = arith.constant 1024 : index
    %per = arith.constant 4 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [8, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x1024xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x1024xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x1024xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 1024], strides: [1024, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 1023 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<8x1024xf16>
    scf.for %row = %rows to %end step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x1024xf16>
      %s1, %s2 = scf.for %col = %c0 to %c1024 step %bs iter_args(%a1 = %zero, %a2 = %zero) -> (tensor<1x1024xf16>, tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x1024xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %n1 = arith.addf %a1, %v : tensor<1x1024xf16>
        %v2 = arith.mulf %v, %v : tensor<1x1024xf16>
        %n2 = arith.addf %a2, %v2 : tensor<1x1024xf16>
        scf.yield %n1, %n2 : tensor<1x1024xf16>, tensor<1x1024xf16>
      }
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%s1 : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %sumsq = linalg.reduce { arith.addf } ins(%s2 : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
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
      %mb = tensor.splat %mean : tensor<1x1024xf16>
      %rb = tensor.splat %rstd : tensor<1x1024xf16>
      scf.for %col = %c0 to %c1024 step %bs {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x1024xf16> -> !ktdp.access_tile<1x1024xindex>
        %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
        %tb = ktdp.construct_access_tile %B[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x1024xf16> -> !ktdp.access_tile<1x1024xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<8x1024xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %bv = ktdp.load %tb : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %c = arith.subf %v, %mb : tensor<1x1024xf16>
        %nv = arith.mulf %c, %rb : tensor<1x1024xf16>
        %sc = arith.mulf %nv, %wv : tensor<1x1024xf16>
        %o = arith.addf %sc, %bv : tensor<1x1024xf16>
        ktdp.store %o, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
      }
    }
    return
  }
}
