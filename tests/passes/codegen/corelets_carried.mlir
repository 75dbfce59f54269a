// RUN: ktc-split | ktc-path-expand | ktc-nest | ktc-allocate | ktc-lower | ktc-codegen --ktir=corelets_carried.mlir | ktc-launch /dev/stdin --random-inputs=1 --check --stats --arg B=128
// PARSE: --device=spyre
// PRINT: none
// corelets_carried.mlir - per row of X (2 x 512), s = the sum of its
// 128-wide blocks (an accumulator carried over a loop stepping by the
// launch argument B), then Y = X - s, block by block. ktc-nest splits the
// first pass at the vectors of a block (its blocks share the accumulator)
// and the second at its blocks (the zeroing too), the remainder loops'
// inner loops (nests of their own, remainder-nests) at their vectors; the
// sum and the splat stay whole, row 0's on corelet 0 and row 1's on
// corelet 1 (row-jam runs the two rows side by side, row-corelets places
// them), the signals between them and the split stages joining every
// corelet (sched/nest.h, sched/lower.h). Launched against ktc-interp; both
// corelets' units work, alike.
module {
  func.func @carried(%X: index, %Y: index, %B: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c512 = arith.constant 512 : index
    %Xv = ktdp.construct_memory_view %X, sizes: [2, 512], strides: [512, 1] {
        coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<2x512xf16>
    %Yv = ktdp.construct_memory_view %Y, sizes: [2, 512], strides: [512, 1] {
        coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<2x512xf16>
    scf.for %row = %c0 to %c2 step %c1 {
      %zero = arith.constant dense<0.0> : tensor<1x128xf16>
      %acc = scf.for %col = %c0 to %c512 step %B iter_args(%a = %zero) -> tensor<1x128xf16> {
        %t = ktdp.construct_access_tile %Xv[%row, %col] {
          access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
          access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
        } : memref<2x512xf16> -> !ktdp.access_tile<1x128xindex>
        %x = ktdp.load %t : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
        %a2 = arith.addf %a, %x : tensor<1x128xf16>
        scf.yield %a2 : tensor<1x128xf16>
      }
      %z = arith.constant 0.0 : f16
      %init = tensor.splat %z : tensor<1xf16>
      %s = linalg.reduce { arith.addf } ins(%acc : tensor<1x128xf16>) outs(%init : tensor<1xf16>) dimensions = [1]
      %i0 = arith.constant 0 : index
      %sc = tensor.extract %s[%i0] : tensor<1xf16>
      %sb = tensor.splat %sc : tensor<1x128xf16>
      scf.for %col = %c0 to %c512 step %B {
        %t = ktdp.construct_access_tile %Xv[%row, %col] {
          access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
          access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
        } : memref<2x512xf16> -> !ktdp.access_tile<1x128xindex>
        %x = ktdp.load %t : !ktdp.access_tile<1x128xindex> -> tensor<1x128xf16>
        %y = arith.subf %x, %sb : tensor<1x128xf16>
        %u = ktdp.construct_access_tile %Yv[%row, %col] {
          access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 127 >= 0)>,
          access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
        } : memref<2x512xf16> -> !ktdp.access_tile<1x128xindex>
        ktdp.store %y, %u : tensor<1x128xf16>, !ktdp.access_tile<1x128xindex>
        scf.yield
      }
      scf.yield
    }
    return
  }
}
