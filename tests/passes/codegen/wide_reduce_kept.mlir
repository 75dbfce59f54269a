// RUN: ktc-split | ktc-path-expand | ktc-nest --assume n=1000 | ktc-allocate | ktc-lower | ktc-codegen --ktir=wide_reduce_kept.mlir | ktc-launch /dev/stdin --random-inputs=1 --check --stats --arg n=1000 --arg x=f16:8x1024
// PARSE: --device=spyre
// PRINT: none
// wide_reduce_kept.mlir - per row of n f16 (1024 apart, 2 rows a core of
// 4), the sum of its 256-wide blocks carried in a tensor, reduced to a
// scalar, splatted to a row of 256 and stored. fuse-pipelines joins the
// splat to the reduction (tests/passes/nest/fuse_wide_reduction.mlir): the
// compute stage receives the 256-wide sum in one piece, reduces it and
// broadcasts the scalar. ktc-codegen streams the reduction as the four
// lane-wide pieces arrive (folded pairwise, then the tree) and keeps the
// scalar in a register for the broadcast, instead of sending it on by
// itself. The core's two rows run side by side, one a corelet (row-jam,
// row-corelets: 550 -> 509 cycles). Launched against ktc-interp.
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>
module {
  func.func @wide_reduce_kept(%x: index, %y: index, %n: index) attributes {grid = [4]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %BLOCK = arith.constant 256 : index
    %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [1024, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<8x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {
      coordinate_set = #out, memory_space = #ktdp.memory_space<global>
    } : memref<8x256xf16>
    scf.for %row = %tile to %c8 step %c4 {
      %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
      %sum = scf.for %off = %c0 to %n step %BLOCK iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<8x?xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %next = arith.addf %acc, %v : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %ty = ktdp.construct_access_tile %Y[%row, %c0] {access_tile_set = #blk, access_tile_order = #id} : memref<8x256xf16> -> !ktdp.access_tile<1x256xindex>
      %zs = arith.constant 0.0 : f16
      %init = tensor.splat %zs : tensor<1xf16>
      %red = linalg.reduce { arith.addf } ins(%sum : tensor<1x256xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %red[%c0] : tensor<1xf16>
      %sb = tensor.splat %s : tensor<1x256xf16>
      ktdp.store %sb, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
    }
    return
  }
}
