// RUN: ktc-split | ktc-path-expand | ktc-nest --tile-sizes=1:1:2 | ktc-allocate | ktc-lower | ktc-codegen --ktir=carried_two_sums.mlir | ktc-launch /dev/stdin --random-inputs=1 --check --stats --arg eps=0.001
// PARSE: --device=sample
// PRINT: none
// carried_two_sums.mlir - LayerNorm of 2 rows of 768 f16 on one core as
// Triton writes it with one loop for both sums: per row, the sum and the
// sum of squares carried across its 2 blocks of 384 as tensors (reduced
// to scalars after the loop), then a pass scaling block by block. Tiles of
// one row split over 2 corelets: the block loop holds one parallel_loop
// per sum, each vector a round trip of its accumulator; corelet-blocks
// swaps each out of its own copy of the block loop (nest_carry_swap_out)
// and splits it, and register-carry carries both sums over the blocks in
// registers on both corelets (tests/passes/nest/corelet_blocks_block_loop
// shows the IR). Before, with two such loops, both sums stayed whole on
// corelet 0: 982 -> 712 cycles (706 once ktc-codegen sinks receives).
// Launched against ktc-interp.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 767 >= 0)>
#w = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 767 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 383 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @layernorm(%x: index, %w: index, %b: index, %y: index, %eps: f16) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c384 = arith.constant 384 : index
    %c768 = arith.constant 768 : index
    %X = ktdp.construct_memory_view %x, sizes: [2, 768], strides: [768, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<2x768xf16>
    %W = ktdp.construct_memory_view %w, sizes: [1, 768], strides: [768, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<1x768xf16>
    %B = ktdp.construct_memory_view %b, sizes: [1, 768], strides: [768, 1] {coordinate_set = #w, memory_space = #ktdp.memory_space<global>} : memref<1x768xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [2, 768], strides: [768, 1] {coordinate_set = #row, memory_space = #ktdp.memory_space<global>} : memref<2x768xf16>
    %nf = arith.constant 768.0 : f16
    scf.for %r = %c0 to %c2 step %c1 {
      %z = arith.constant dense<0.0> : tensor<1x384xf16>
      %s:2 = scf.for %off = %c0 to %c768 step %c384 iter_args(%a1 = %z, %a2 = %z) -> (tensor<1x384xf16>, tensor<1x384xf16>) {
        %tx = ktdp.construct_access_tile %X[%r, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<2x768xf16> -> !ktdp.access_tile<1x384xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x384xindex> -> tensor<1x384xf16>
        %n1 = arith.addf %a1, %v : tensor<1x384xf16>
        %v2 = arith.mulf %v, %v : tensor<1x384xf16>
        %n2 = arith.addf %a2, %v2 : tensor<1x384xf16>
        scf.yield %n1, %n2 : tensor<1x384xf16>, tensor<1x384xf16>
      }
      %zs = arith.constant 0.0 : f16
      %i0 = tensor.splat %zs : tensor<1xf16>
      %t1 = linalg.reduce { arith.addf } ins(%s#0 : tensor<1x384xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
      %t2 = linalg.reduce { arith.addf } ins(%s#1 : tensor<1x384xf16>) outs(%i0 : tensor<1xf16>) dimensions = [1]
      %e1 = tensor.extract %t1[%c0] : tensor<1xf16>
      %e2 = tensor.extract %t2[%c0] : tensor<1xf16>
      %mean = arith.divf %e1, %nf : f16
      %ex2 = arith.divf %e2, %nf : f16
      %m2 = arith.mulf %mean, %mean : f16
      %var = arith.subf %ex2, %m2 : f16
      %ve = arith.addf %var, %eps : f16
      %rstd = math.rsqrt %ve : f16
      %mb = tensor.splat %mean : tensor<1x384xf16>
      %rb = tensor.splat %rstd : tensor<1x384xf16>
      scf.for %off = %c0 to %c768 step %c384 {
        %tx = ktdp.construct_access_tile %X[%r, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<2x768xf16> -> !ktdp.access_tile<1x384xindex>
        %tw = ktdp.construct_access_tile %W[%c0, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<1x768xf16> -> !ktdp.access_tile<1x384xindex>
        %tb = ktdp.construct_access_tile %B[%c0, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<1x768xf16> -> !ktdp.access_tile<1x384xindex>
        %ty = ktdp.construct_access_tile %Y[%r, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<2x768xf16> -> !ktdp.access_tile<1x384xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x384xindex> -> tensor<1x384xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<1x384xindex> -> tensor<1x384xf16>
        %bv = ktdp.load %tb : !ktdp.access_tile<1x384xindex> -> tensor<1x384xf16>
        %c = arith.subf %v, %mb : tensor<1x384xf16>
        %nv = arith.mulf %c, %rb : tensor<1x384xf16>
        %sv = arith.mulf %nv, %wv : tensor<1x384xf16>
        %o = arith.addf %sv, %bv : tensor<1x384xf16>
        ktdp.store %o, %ty : tensor<1x384xf16>, !ktdp.access_tile<1x384xindex>
      }
    }
    return
  }
}
