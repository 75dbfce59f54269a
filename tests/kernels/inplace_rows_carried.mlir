// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// DEVICES: spyre sample
// inplace_rows_carried.mlir - x[r] += x[r - 1] in place, row after row of
// a 6x64 f16 tensor: each row reads the row the previous iteration just
// stored. ktc-lower's signals follow what each transfer touches in the
// argument's memory (byte boxes along the loops), so this load waits for
// the previous iteration's store; a row's own load and store (inplace
// rows, min_bound) wait for nothing of another row.
module {
  func.func @inplace_rows_carried(%x: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %X = ktdp.construct_memory_view %x, sizes: [6, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 5 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<6x64xf16>
    scf.for %r = %c1 to %c6 step %c1 {
      %p = arith.subi %r, %c1 : index
      %tp = ktdp.construct_access_tile %X[%p, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<6x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tr = ktdp.construct_access_tile %X[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<6x64xf16> -> !ktdp.access_tile<1x64xindex>
      %a = ktdp.load %tp : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %b = ktdp.load %tr : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %s = arith.addf %a, %b : tensor<1x64xf16>
      ktdp.store %s, %tr : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
