// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// DEVICES: sample spyre
// LAUNCH: --arg n=8192 --arg eps=0.001
// rmsnorm_6x8192_blocks.mlir - layernorm_8x2048's kernel as an RMS norm
// (kind rms of our blocked-norm fuzzer) over 6 rows of 8192 f16 on 2
// cores, 3 rows each, in column blocks of 1024: a row's sum and sum of
// squares are carried tensors of 1024, 16 chunks each, over 8 blocks.
// register-carry swaps the block loop inside the chunk loop and carries
// both sums in registers: one pipeline whose L1LU loop loads a chunk of
// each sum, then that chunk of each block; the SFU folds them; the L1SU
// stores both chunks. Each chunk's stores follow its loads through the
// FIFOs, but ktc-lower follows the chain only through loops without a loop
// in them: the L1SU waited for the L1LU's whole loop, 32 stores on their
// way, more than the FIFOs hold (16 on both devices): a deadlock on both
// (the rest tile of one row, on corelet 0). ktc-lower now signals every
// iteration, after the L1LU's loads of the sums' chunks, and the L1SU
// waits before its stores: sample 8371 cycles, spyre 3067, matching
// ktc-interp.
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @rmsnorm_6x8192_blocks(%x: index, %w: index, %b: index, %y: index, %n: index, %eps: f16) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bs = arith.constant 1024 : index
    %c1024 = arith.constant 8192 : index
    %per = arith.constant 3 : index
    %rows = arith.muli %tile, %per : index
    %end = arith.addi %rows, %per : index
    %X = ktdp.construct_memory_view %x, sizes: [6, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<6x8192xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x8192xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<1x8192xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [6, 8192], strides: [8192, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 8191 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<6x8192xf16>
    scf.for %row = %rows to %end step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x1024xf16>
      %s1, %s2 = scf.for %col = %c0 to %c1024 step %bs iter_args(%a1 = %zero, %a2 = %zero) -> (tensor<1x1024xf16>, tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<6x8192xf16> -> !ktdp.access_tile<1x1024xindex>
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
      %var = arith.addf %ex2, %eps : f16
      %ve = arith.addf %var, %eps : f16
      %rstd = math.rsqrt %ve : f16
      %mb = tensor.splat %mean : tensor<1x1024xf16>
      %rb = tensor.splat %rstd : tensor<1x1024xf16>
      scf.for %col = %c0 to %c1024 step %bs {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<6x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %tw = ktdp.construct_access_tile %W[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %tb = ktdp.construct_access_tile %B[%c0, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<1x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<6x8192xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %bv = ktdp.load %tb : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %c = arith.mulf %v, %wv : tensor<1x1024xf16>
        %nv = arith.mulf %c, %rb : tensor<1x1024xf16>
        %sc = arith.mulf %nv, %wv : tensor<1x1024xf16>
        %o = arith.addf %sc, %bv : tensor<1x1024xf16>
        ktdp.store %o, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
      }
    }
    return
  }
}

