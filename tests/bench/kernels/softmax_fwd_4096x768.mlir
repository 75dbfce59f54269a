// softmax_fwd_4096x768.mlir - row softmax of a 4096x768 f16 matrix in the
// form of Triton's softmax_fwd (ktir-language.md's catalog): a grid of 32,
// core c taking rows c, c + 32, ... below the launch-time n_rows, each
// row's max, exponentials, sum and division; 768 = 12 chunks of the 64 f16
// lanes, not a power of two.
// Launch: --arg n_rows=4096
module {
  func.func @softmax_fwd_4096x768(
      %output_ptr: index,
      %input_ptr: index,
      %n_rows: index // 4096
  ) attributes {grid = [32, 1]} {
    %core_id = ktdp.get_compute_tile_id : index

    %c32_i32 = arith.constant 32 : index
    %c0_i32 = arith.constant 0 : index

    %input_view = ktdp.construct_memory_view %input_ptr, sizes: [4096, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 767 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<4096x768xf16>

    %output_view = ktdp.construct_memory_view %output_ptr, sizes: [4096, 768], strides: [768, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 4095 >= 0, d1 >= 0, -d1 + 767 >= 0)>, memory_space = #ktdp.memory_space<global>
    } : memref<4096x768xf16>

    scf.for %row = %core_id to %n_rows step %c32_i32 : index {

      %input_acc = ktdp.construct_access_tile %input_view[%row, %c0_i32] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4096x768xf16> -> !ktdp.access_tile<1x768xindex>

      %input_row = ktdp.load %input_acc : !ktdp.access_tile<1x768xindex> -> tensor<1x768xf16>

      %neg_inf = arith.constant 0xFC00 : f16
      %max_init = tensor.splat %neg_inf : tensor<1xf16>
      %reduce_max = linalg.reduce { arith.maximumf }
        ins(%input_row : tensor<1x768xf16>)
        outs(%max_init : tensor<1xf16>)
        dimensions = [1]

      %c0 = arith.constant 0 : index
      %max_scalar = tensor.extract %reduce_max[%c0] : tensor<1xf16>
      %max_row = tensor.splat %max_scalar : tensor<1x768xf16>

      %input_minus_max = arith.subf %input_row, %max_row : tensor<1x768xf16>

      %numerator = math.exp %input_minus_max : tensor<1x768xf16>

      %zero = arith.constant 0.0 : f16
      %sum_init = tensor.splat %zero : tensor<1xf16>
      %reduce_add = linalg.reduce { arith.addf }
        ins(%numerator : tensor<1x768xf16>)
        outs(%sum_init : tensor<1xf16>)
        dimensions = [1]

      %denom_scalar = tensor.extract %reduce_add[%c0] : tensor<1xf16>
      %denominator_row = tensor.splat %denom_scalar : tensor<1x768xf16>

      %softmax_output = arith.divf %numerator, %denominator_row : tensor<1x768xf16>

      %output_acc = ktdp.construct_access_tile %output_view[%row, %c0_i32] {
          access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 0 >= 0, d1 >= 0, -d1 + 767 >= 0)>,
          access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4096x768xf16> -> !ktdp.access_tile<1x768xindex>

      ktdp.store %softmax_output, %output_acc : tensor<1x768xf16>, !ktdp.access_tile<1x768xindex>

      scf.yield
    }
    return
  }
}
