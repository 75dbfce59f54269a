// RUN: ktc-nest --disable=fold-grid
// PARSE: --device=sample --stage=sched.routed
// reduction-producer left for a level of one fold: tests/kernels/
// layernorm_2pass.mlir as ktc-path-expand leaves it (rows of 128 f16, two
// 64-lane chunks). The variance's first level folds both chunks at once,
// so nothing would stream: the (x - mean)^2 loop stays before the level
// (as with --disable=reduction-producer; fused, it ran 719 cycles on
// spyre against 555 apart).
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @ln2p(%x: index, %y: index) attributes {grid = [2]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [2, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [2, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x128xf16>
      %X_DDR = memref.memory_space_cast %X : memref<2x128xf16> to memref<2x128xf16, "DDR">
      %c128 = arith.constant 128 : index
      %0 = arith.muli %tile, %c128 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 128], strides: [128, 1] : memref<2x128xf16, "DDR"> to memref<1x128xf16, strided<[128, 1], offset: ?>, "DDR">
      %s_buf = memref.alloc() : memref<1xf16, "L1">
      %d_buf = memref.alloc() : memref<1x128xf16, "L1">
      %q_buf = memref.alloc() : memref<1xf16, "L1">
      %Y_DDR = memref.memory_space_cast %Y : memref<2x128xf16> to memref<2x128xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 128], strides: [128, 1] : memref<2x128xf16, "DDR"> to memref<1x128xf16, strided<[128, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x128xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#6) {
          ktdf.data_transfer from %tx[0, 0] size [1, 128] to %p#5[0, 0] size [1, 128] : memref<1x128xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 128] to %p size [1, 128] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 128xf16> -> tensor<1x128xf16>
          %z = arith.constant 0.0 : f16
          %init = tensor.splat %z : tensor<1xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<1x128xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %1 = arith.addf %out, %in : f16
            linalg.yield %1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %s, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %s_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c128 step %c64 {
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %2:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %2, %2#1, %3, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x128xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %s_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %s = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %s : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %nn = arith.constant 128.0 : f16
              %mean = arith.divf %in_1, %nn : f16
              %4 = arith.subf %in, %mean : f16
              linalg.yield %4 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %d, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %d_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %d_buf[0, 0] size [1, 128] to %p size [1, 128] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %d = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 128xf16> -> tensor<1x128xf16>
          %z = arith.constant 0.0 : f16
          %init = tensor.splat %z : tensor<1xf16>
          %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%d : tensor<1x128xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %5 = arith.mulf %in, %in : f16
            %6 = arith.addf %out, %5 : f16
            linalg.yield %6 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %q, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %q_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i1 = %c0 to %c128 step %c64 {
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#3) {
            ktdf.data_transfer from %d_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %q_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %d = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %q = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%d, %q : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %nn = arith.constant 128.0 : f16
              %eps = arith.constant 0.001 : f16
              %var = arith.divf %in_1, %nn : f16
              %ve = arith.addf %var, %eps : f16
              %r = math.rsqrt %ve : f16
              %7 = arith.mulf %in, %r : f16
              linalg.yield %7 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %o, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#7) {
            ktdf.data_transfer from %p#2 size [1, 64] to %p#6[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#5) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x128xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
