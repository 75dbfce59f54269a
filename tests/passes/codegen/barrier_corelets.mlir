// RUN: ktc-lower | ktc-codegen --emit=text
// PARSE: --device=sample --stage=sched.allocated
// PRINT: none
// ../lower/parallel.mlir's kernel on the sample device, whose one core hosts
// both tiles: between them the core's units meet at a barrier led by the
// MNILU, which releases (bar_to_*) the L1LU, SFU and L1SU of both
// corelets, each with its own signal. Its buffers fit in half the L1, so
// tile 1 uses the other half (addresses + 524288) and the barrier lags by
// a tile: the MNILU releases tile 1 at once, and collects (bar_from_*) the
// signals of tile 0's end after its last tile (barrier_full.mlir: buffers
// that do not fit).
module {
  func.func @neg_rows(%a: index, %c: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<4x64xf16> to memref<4x64xf16, "DDR">
    %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<4x64xf16>
    %C_DDR = memref.memory_space_cast %C : memref<4x64xf16> to memref<4x64xf16, "DDR">
    ktdf.pipeline {
      %p:4 = ktdf.private -> (memref<4x1x64xf16, "L1">, memref<4x1x64xf16, "L1">, !ktdf.token, !ktdf.token) {
        %a0 = arith.constant 0 : index
        %in = builtin.unrealized_conversion_cast %a0 : index to memref<4x1x64xf16, "L1">
        %a1 = arith.constant 512 : index
        %out = builtin.unrealized_conversion_cast %a1 : index to memref<4x1x64xf16, "L1">
        %t0 = ktdf.create_token : !ktdf.token
        %t1 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %in, %out, %t0, %t1 : memref<4x1x64xf16, "L1">, memref<4x1x64xf16, "L1">, !ktdf.token, !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p#2) {
        scf.for %i = %c0 to %c4 step %c1 {
          ktdf.data_transfer from %A_DDR[%i, 0] size [1, 64] to %p#0[%i, 0, 0] size [1, 1, 64] : memref<4x64xf16, "DDR">, memref<4x1x64xf16, "L1">
        }
      } {applicable_units = ["MNILU"]}
      ktdf.stage depends_in(%p#2) depends_out(%p#3) {
        ktdf.parallel (%i, %lane) = (%c0) to (%c4) step (%c1) distribute(num_instances = 2) {
          ktdf.pipeline {
            %q:4 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
              %f0 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %f1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %u0 = ktdf.create_token : !ktdf.token
              %u1 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %f0, %f1, %u0, %u1 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%q#2) {
              ktdf.data_transfer from %p#0[%i, 0, 0] size [1, 1, 64] to %q#0 size [1, 1, 64] : memref<4x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%q#2) depends_out(%q#3) {
              %x = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x1x64xf16>
              %e = tensor.empty() : tensor<1x1x64xf16>
              %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<1x1x64xf16>) outs(%e : tensor<1x1x64xf16>) {
              ^bb0(%v: f16, %o: f16):
                %n = arith.negf %v : f16
                linalg.yield %n : f16
              } -> tensor<1x1x64xf16>
              ktdf.write_to_fifo %y, %q#1 : tensor<1x1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%q#3) depends_out(none) {
              ktdf.data_transfer from %q#1 size [1, 1, 64] to %p#1[%i, 0, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4x1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
          ktdf.parallel_yield
        }
      } {applicable_units = ["L1LU", "SFU", "L1SU"]}
      ktdf.stage depends_in(%p#3) depends_out(none) {
        scf.for %i = %c0 to %c4 step %c1 {
          ktdf.data_transfer from %p#1[%i, 0, 0] size [1, 1, 64] to %C_DDR[%i, 0] size [1, 64] : memref<4x1x64xf16, "L1">, memref<4x64xf16, "DDR">
        }
      } {applicable_units = ["MNISU"]}
    }
    return
  }
}
