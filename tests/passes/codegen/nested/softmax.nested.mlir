// softmax.nested.mlir - softmax.mlir as ktc-nest schedules it, by hand: per
// core 16 rows of 64 f16, 128 elements apart in memory (a strided view),
// in 2 tiles of 8 rows with 2 phases. The MNILU loads a tile in one
// bulk transfer; the middle stage's point loop runs the first path's four
// row pipelines (max, exp(x - max), sum, division) on row %i of the tile,
// their scalars and exp row in scratchpad as before; the MNISU stores the
// tile. No device: ktc-parse's --device picks it (sample or spyre).
// Faster than the first path on spyre (1156 cycles, 2845), not on sample:
// there its four pipelines a row, one after the other on each unit, are
// bound by their chain's latency (1689), and the first path's loads run
// ahead of the row before's stores (1659). ktc-nest's own schedule, which
// merges them, takes 337.
// FASTER: spyre
module {
  module {
    func.func @softmax(%x: index, %y: index) attributes {grid = [2]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %cT = arith.constant 8 : index
      %cNT = arith.constant 2 : index
      %start = arith.muli %tile, %c64 : index
      %X = ktdp.construct_memory_view %x, sizes: [32, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [32, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<32x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<32x64xf16> to memref<32x64xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<32x64xf16> to memref<32x64xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [%start], sizes: [16, 64], strides: [128, 1] : memref<32x64xf16, "DDR"> to memref<16x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%start], sizes: [16, 64], strides: [128, 1] : memref<32x64xf16, "DDR"> to memref<16x64xf16, strided<[128, 1], offset: ?>, "DDR">
      %bufx = memref.alloc() : memref<2x8x64xf16, "L1">
      %bufy = memref.alloc() : memref<2x8x64xf16, "L1">
      %max_buf = memref.alloc() : memref<1xf16, "L1">
      %e_buf = memref.alloc() : memref<1x64xf16, "L1">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      scf.for %t = %c0 to %cNT step %c1 {
        %ph = ktdf.buffer_phase(%t) {num_phases = 2 : i64} : index
        %r = arith.muli %t, %cT : index
        ktdf.pipeline modulo(size: 2) {
          %p:3 = ktdf.private -> (!ktdf.token, !ktdf.token, !ktdf.token) {
            %t0 = ktdf.create_token : !ktdf.token
            %t1 = ktdf.create_token : !ktdf.token
            %t2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %t0, %t1, %t2 : !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#0) {
            ktdf.data_transfer from %tx[%r, 0] size [8, 64] to %bufx[%ph, 0, 0] size [1, 8, 64] : memref<16x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<2x8x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#0) depends_out(%p#1) {
            scf.for %i = %c0 to %cT step %c1 {
              ktdf.pipeline {
                %q:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %f0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
                  %u0 = ktdf.create_token : !ktdf.token
                  %u1 = ktdf.create_token : !ktdf.token
                  %u2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %f0, %f1, %u0, %u1, %u2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%q#2) {
                  ktdf.data_transfer from %bufx[%ph, %i, 0] size [1, 1, 64] to %q#0 size [64] : memref<2x8x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%q#2) depends_out(%q#3) {
                  %v = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %ninf = arith.constant 0xFC00 : f16
                  %init = tensor.splat %ninf : tensor<1xf16>
                  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<1x64xf16>) outs(%init : tensor<1xf16>) {
                  ^bb0(%in: f16, %out: f16):
                    %z = arith.maximumf %out, %in : f16
                    linalg.yield %z : f16
                  } -> tensor<1xf16>
                  ktdf.write_to_fifo %max, %q#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%q#3) depends_out(%q#4) {
                  ktdf.data_transfer from %q#1 size [1] to %max_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.pipeline {
                %q:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %f0, %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %f2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                  %u0 = ktdf.create_token : !ktdf.token
                  %u1 = ktdf.create_token : !ktdf.token
                  %u2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %f0, %f1, %f2, %u0, %u1, %u2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%q#3) {
                  ktdf.data_transfer from %bufx[%ph, %i, 0] size [1, 1, 64] to %q#0 size [64] : memref<2x8x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  ktdf.data_transfer from %max_buf[0] size [1] to %q#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%q#3) depends_out(%q#4) {
                  %v = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %m = ktdf.read_from_fifo %q#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                  %empty = tensor.empty() : tensor<1x64xf16>
                  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %m : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
                  ^bb0(%in: f16, %in_1: f16, %out: f16):
                    %d = arith.subf %in, %in_1 : f16
                    %z = math.exp %d : f16
                    linalg.yield %z : f16
                  } -> tensor<1x64xf16>
                  ktdf.write_to_fifo %e, %q#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%q#4) depends_out(%q#5) {
                  ktdf.data_transfer from %q#2 size [1, 64] to %e_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.pipeline {
                %q:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %f0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
                  %u0 = ktdf.create_token : !ktdf.token
                  %u1 = ktdf.create_token : !ktdf.token
                  %u2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %f0, %f1, %u0, %u1, %u2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%q#2) {
                  ktdf.data_transfer from %e_buf[0, 0] size [1, 64] to %q#0 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%q#2) depends_out(%q#3) {
                  %e = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %zero = arith.constant 0.0 : f16
                  %init = tensor.splat %zero : tensor<1xf16>
                  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<1x64xf16>) outs(%init : tensor<1xf16>) {
                  ^bb0(%in: f16, %out: f16):
                    %z = arith.addf %out, %in : f16
                    linalg.yield %z : f16
                  } -> tensor<1xf16>
                  ktdf.write_to_fifo %sum, %q#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%q#3) depends_out(%q#4) {
                  ktdf.data_transfer from %q#1 size [1] to %sum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
              ktdf.pipeline {
                %q:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %f0, %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %f2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                  %u0 = ktdf.create_token : !ktdf.token
                  %u1 = ktdf.create_token : !ktdf.token
                  %u2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %f0, %f1, %f2, %u0, %u1, %u2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%q#3) {
                  ktdf.data_transfer from %e_buf[0, 0] size [1, 64] to %q#0 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  ktdf.data_transfer from %sum_buf[0] size [1] to %q#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%q#3) depends_out(%q#4) {
                  %e = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                  %s = ktdf.read_from_fifo %q#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                  %empty = tensor.empty() : tensor<1x64xf16>
                  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
                  ^bb0(%in: f16, %in_1: f16, %out: f16):
                    %z = arith.divf %in, %in_1 : f16
                    linalg.yield %z : f16
                  } -> tensor<1x64xf16>
                  ktdf.write_to_fifo %o, %q#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%q#4) depends_out(%q#5) {
                  ktdf.data_transfer from %q#2 size [1, 64] to %bufy[%ph, %i, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x8x64xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
            } {loop_type = #ktdf.loop_type<parallel_loop>}
          } {applicable_units = ["L1LU", "SFU", "L1SU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %bufy[%ph, 0, 0] size [1, 8, 64] to %ty[%r, 0] size [8, 64] : memref<2x8x64xf16, "L1">, memref<16x64xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
