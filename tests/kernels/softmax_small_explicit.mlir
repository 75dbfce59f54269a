// RUN: ktc-split | ktc-path-expand
// PARSE: --device=spyre
// LAUNCH: --arg n_rows=64
// softmax_small_explicit.mlir - row softmax of a 64x64 f16 matrix over a
// [32, 1] grid (tile pid: rows pid, pid + 32), the row max and the row sum
// written as long-form linalg.reduce regions (%in, %out block arguments and
// an explicit linalg.yield) instead of the `{ arith.maximumf }` short form.
#row = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#ident = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @softmax_kernel_small_explicit(%out_ptr: index, %in_ptr: index,
                                           %n_rows: index) attributes {grid = [32, 1]} {
    %pid = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %step = arith.constant 32 : index
    %in = ktdp.construct_memory_view %in_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    %out = ktdp.construct_memory_view %out_ptr, sizes: [64, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<64x64xf16>
    scf.for %r = %pid to %n_rows step %step : index {
      %in_tile = ktdp.construct_access_tile %in[%r, %c0] {
        access_tile_set = #row, access_tile_order = #ident
      } : memref<64x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %in_tile : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %ninf = arith.constant 0xFC00 : f16
      %max0 = tensor.splat %ninf : tensor<1xf16>
      %mx = linalg.reduce ins(%x : tensor<1x64xf16>) outs(%max0 : tensor<1xf16>) dimensions = [1]
        (%a: f16, %acc: f16) {
          %m = arith.maximumf %a, %acc : f16
          linalg.yield %m : f16
        }
      %mxs = tensor.extract %mx[%c0] : tensor<1xf16>
      %mxb = tensor.splat %mxs : tensor<1x64xf16>
      %sh = arith.subf %x, %mxb : tensor<1x64xf16>
      %e = math.exp %sh : tensor<1x64xf16>
      %zero = arith.constant 0.0 : f16
      %sum0 = tensor.splat %zero : tensor<1xf16>
      %sm = linalg.reduce ins(%e : tensor<1x64xf16>) outs(%sum0 : tensor<1xf16>) dimensions = [1]
        (%a: f16, %acc: f16) {
          %s = arith.addf %a, %acc : f16
          linalg.yield %s : f16
        }
      %sms = tensor.extract %sm[%c0] : tensor<1xf16>
      %smb = tensor.splat %sms : tensor<1x64xf16>
      %y = arith.divf %e, %smb : tensor<1x64xf16>
      %out_tile = ktdp.construct_access_tile %out[%r, %c0] {
        access_tile_set = #row, access_tile_order = #ident
      } : memref<64x64xf16> -> !ktdp.access_tile<1x64xindex>
      ktdp.store %y, %out_tile : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
      scf.yield
    }
    return
  }
}
