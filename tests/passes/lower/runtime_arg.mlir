// RUN: ktc-split | ktc-path-expand | ktc-allocate | ktc-lower
// PARSE: --device=sample
// Y = exp(X), as many rows as a runtime_arg says: argument -1 is the
// runtime_arg (its value is read by ktdp.runtime_arg_extract and declared
// as symbol -1), the loop's bound is that symbol in every program. The
// exponential is a vectorchain.unary on the SFU.
module {
  func.func @exp_rows(%n_arg: !ktdp.runtime_arg<index>, %x: index, %y: index) attributes {grid = [1]} {
    %n = ktdp.runtime_arg_extract value from %n_arg : !ktdp.runtime_arg<index> -> index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %X = ktdp.construct_memory_view %x, sizes: [%n, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<?x64xf16>
    %Y = ktdp.construct_memory_view %y, sizes: [%n, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<?x64xf16>
    scf.for %r = %c0 to %n step %c1 {
      %tx = ktdp.construct_access_tile %X[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
      %ty = ktdp.construct_access_tile %Y[%r, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<?x64xf16> -> !ktdp.access_tile<1x64xindex>
      %v = ktdp.load %tx : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %e = math.exp %v : tensor<1x64xf16>
      ktdp.store %e, %ty : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
