// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// DEVICES: sample spyre
// center_blocks_splat_in.mlir - y = x - mean(x) per row of 4x4096 f16 on 2
// cores, Triton-style: a first loop over column blocks of 1024 carries the
// sum, a second one writes the centered blocks; the mean is splat inside
// the second loop, where it is used, as a code generator may write it. The
// second loop reads no tensor from outside, only a scalar computed from
// one, yet belongs to the row's compute group with the first (ktc-split
// refused it: "a tensor computed outside the block of the compute group
// that uses it", at the first loop's init).
#blk = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 1023 >= 0)>
#all = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 4095 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @center(%x: index, %y: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %bs = arith.constant 1024 : index
    %n = arith.constant 4096 : index
    %rows = arith.muli %tile, %c2 : index
    %end = arith.addi %rows, %c2 : index
    %X = ktdp.construct_memory_view %x, sizes: [4, 4096], strides: [4096, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x4096xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [4, 4096], strides: [4096, 1] {coordinate_set = #all, memory_space = #ktdp.memory_space<global>} : memref<4x4096xf16>
    scf.for %row = %rows to %end step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x1024xf16>
      %s = scf.for %col = %c0 to %n step %bs iter_args(%acc = %zero) -> (tensor<1x1024xf16>) {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %a = arith.addf %acc, %v : tensor<1x1024xf16>
        scf.yield %a : tensor<1x1024xf16>
      }
      %z = arith.constant 0.0 : f16
      %init = tensor.splat %z : tensor<1xf16>
      %sum = linalg.reduce { arith.addf } ins(%s : tensor<1x1024xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %t = tensor.extract %sum[%c0] : tensor<1xf16>
      %nf = arith.constant 4096.0 : f16
      %mean = arith.divf %t, %nf : f16
      scf.for %col = %c0 to %n step %bs {
        %tx = ktdp.construct_access_tile %X[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %ty = ktdp.construct_access_tile %Y[%row, %col] {access_tile_set = #blk, access_tile_order = #id} : memref<4x4096xf16> -> !ktdp.access_tile<1x1024xindex>
        %v = ktdp.load %tx : !ktdp.access_tile<1x1024xindex> -> tensor<1x1024xf16>
        %mb = tensor.splat %mean : tensor<1x1024xf16>
        %c = arith.subf %v, %mb : tensor<1x1024xf16>
        ktdp.store %c, %ty : tensor<1x1024xf16>, !ktdp.access_tile<1x1024xindex>
      }
    }
    return
  }
}
