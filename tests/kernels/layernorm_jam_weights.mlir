// RUN: ktc-split
// PARSE: --device=spyre
// DEVICES: spyre
// LAUNCH: --arg n=2000 --arg eps=0.001 --arg x=f16:64x2048 --arg w=f16:2048 --arg b=f16:2048 --arg y=f16:64x2048
// LAUNCH: --arg n=2048 --arg eps=0.001 --arg x=f16:64x2048 --arg w=f16:2048 --arg b=f16:2048 --arg y=f16:64x2048
// LAUNCH: --arg n=300 --arg eps=0.001 --arg x=f16:64x2048 --arg w=f16:2048 --arg b=f16:2048 --arg y=f16:64x2048
// LAUNCH: --arg n=0 --arg eps=0.001 --arg x=f16:64x2048 --arg w=f16:2048 --arg b=f16:2048 --arg y=f16:64x2048
// layernorm_jam_weights.mlir - Triton's LayerNorm forward (three `for off
// in range(0, N, BLOCK)` passes per row, N a launch-time argument, BLOCK
// 256; tests/bench/kernels/layernorm_triton_256x8000.mlir's kernel) on 64
// rows 2048 apart, a row every 32 on a grid of 32: 2 rows a core. ktc-nest
// jams a core's 2 rows (row-jam), keeps each in a row buffer of its own
// (resident-rows) and W and B once in a buffer each, which both rows'
// normalizing passes read (the second row's loads of them share the
// first's buffer).
#rows = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>
#cols = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 255 >= 0)>
#blk1 = affine_set<(d0) : (d0 >= 0, -d0 + 255 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#id1 = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d1)>
module {
  func.func @layernorm_triton(%x: index, %w: index, %b: index, %y: index, %n: index,
                              %eps: f16) attributes {grid = [32]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 32 : index
    %c8 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %BLOCK = arith.constant 256 : index
    %X = ktdp.construct_memory_view %x, sizes: [64, %n], strides: [2048, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<64x?xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [64, %n], strides: [2048, 1] {
      coordinate_set = #rows, memory_space = #ktdp.memory_space<global>
    } : memref<64x?xf16>
    %W = ktdp.construct_memory_view %w, sizes: [%n], strides: [1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<?xf16>
    %B = ktdp.construct_memory_view %b, sizes: [%n], strides: [1] {
      coordinate_set = #cols, memory_space = #ktdp.memory_space<global>
    } : memref<?xf16>
    %n32 = arith.index_cast %n : index to i32
    %nf = arith.sitofp %n32 : i32 to f16
    %one = arith.constant 1.0 : f16
    %zs = arith.constant 0.0 : f16
    scf.for %row = %tile to %c8 step %c4 {
      %zeros = arith.constant dense<0.0> : tensor<1x256xf16>
      %sum_blk = scf.for %off = %c0 to %n step %BLOCK iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<64x?xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %next = arith.addf %acc, %v : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %init = tensor.splat %zs : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%sum_blk : tensor<1x256xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %s = tensor.extract %sum[%c0] : tensor<1xf16>
      %mean = arith.divf %s, %nf : f16
      %mean_b = tensor.splat %mean : tensor<1x256xf16>
      %var_blk = scf.for %off = %c0 to %n step %BLOCK iter_args(%acc = %zeros) -> (tensor<1x256xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<64x?xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %e = tensor.empty() : tensor<1x256xf16>
        %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%v, %mean_b : tensor<1x256xf16>, tensor<1x256xf16>) outs(%e : tensor<1x256xf16>) {
        ^bb0(%in: f16, %m: f16, %out: f16):
          %j = linalg.index 1 : index
          %col = arith.addi %off, %j : index
          %ok = arith.cmpi slt, %col, %n : index
          %c = arith.subf %in, %m : f16
          %r = arith.select %ok, %c, %zs : f16
          linalg.yield %r : f16
        } -> tensor<1x256xf16>
        %d2 = arith.mulf %d, %d : tensor<1x256xf16>
        %next = arith.addf %acc, %d2 : tensor<1x256xf16>
        scf.yield %next : tensor<1x256xf16>
      }
      %vsum = linalg.reduce { arith.addf } ins(%var_blk : tensor<1x256xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %vs = tensor.extract %vsum[%c0] : tensor<1xf16>
      %var = arith.divf %vs, %nf : f16
      %ve = arith.addf %var, %eps : f16
      %sd = math.sqrt %ve : f16
      %rstd = arith.divf %one, %sd : f16
      %rstd_b = tensor.splat %rstd : tensor<1x256xf16>
      scf.for %off = %c0 to %n step %BLOCK {
        %tx = ktdp.construct_access_tile %X[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<64x?xf16> -> !ktdp.access_tile<1x256xindex>
        %tw = ktdp.construct_access_tile %W[%off] {access_tile_set = #blk1, access_tile_order = #id1} : memref<?xf16> -> !ktdp.access_tile<256xindex>
        %tb = ktdp.construct_access_tile %B[%off] {access_tile_set = #blk1, access_tile_order = #id1} : memref<?xf16> -> !ktdp.access_tile<256xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %off] {access_tile_set = #blk, access_tile_order = #id} : memref<64x?xf16> -> !ktdp.access_tile<1x256xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x256xindex> -> tensor<1x256xf16>
        %wv = ktdp.load %tw : !ktdp.access_tile<256xindex> -> tensor<256xf16>
        %bv = ktdp.load %tb : !ktdp.access_tile<256xindex> -> tensor<256xf16>
        %e = tensor.empty() : tensor<1x256xf16>
        %o = linalg.generic {indexing_maps = [#id, #id, #id, #row, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%v, %mean_b, %rstd_b, %wv, %bv : tensor<1x256xf16>, tensor<1x256xf16>, tensor<1x256xf16>, tensor<256xf16>, tensor<256xf16>) outs(%e : tensor<1x256xf16>) {
        ^bb0(%in: f16, %m: f16, %r: f16, %wi: f16, %bi: f16, %out: f16):
          %c = arith.subf %in, %m : f16
          %nrm = arith.mulf %c, %r : f16
          %sc = arith.mulf %nrm, %wi : f16
          %res = arith.addf %sc, %bi : f16
          linalg.yield %res : f16
        } -> tensor<1x256xf16>
        ktdp.store %o, %ty : tensor<1x256xf16>, !ktdp.access_tile<1x256xindex>
      }
    }
    return
  }
}
