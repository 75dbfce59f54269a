// RUN: ktc-allocate | ktc-lower
// PARSE: --stage=sched.nested
// A buffer_phase of the core id (not the IV of an scf.for): rejected at the
// transfer that uses it.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  func.func @bad_phase(%a: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %A = ktdp.construct_memory_view %a, sizes: [2, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x64xf16>
    %A_DDR = memref.memory_space_cast %A : memref<2x64xf16> to memref<2x64xf16, "DDR">
    %buf = memref.alloc() : memref<2x64xf16, "L1">
    %ph = ktdf.buffer_phase(%tile) {num_phases = 2 : i64} : index
    ktdf.pipeline {
      %p = ktdf.private -> (!ktdf.token) {
        %t0 = ktdf.create_token : !ktdf.token
        ktdf.private_yield %t0 : !ktdf.token
      }
      ktdf.stage depends_in(none) depends_out(%p) {
        ktdf.data_transfer from %A_DDR[%tile, 0] size [1, 64] to %buf[%ph, 0] size [1, 64] : memref<2x64xf16, "DDR">, memref<2x64xf16, "L1">
      } {applicable_units = ["MNILU"]}
    }
    return
  }
}
