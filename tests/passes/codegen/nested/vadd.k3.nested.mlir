// vadd.k3.nested.mlir - vadd.nested.mlir with tiles of 8 rows in 3 phases
// (8 tiles per core): the MNILU runs up to 2 tiles ahead of the L1LU, the
// L1SU up to 2 ahead of the MNISU (2 credits before the tile loop, drained
// after it). No device: ktc-parse's --device picks it.
module {
  module {
    func.func @vadd(%a: index, %b: index, %c: index) attributes {grid = [2]} {
      call @local_schedule_0(%a, %b, %c) : (index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %b: index, %c: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cT = arith.constant 8 : index
      %cNT = arith.constant 8 : index
      %cP = arith.constant 4096 : index
      %start = arith.muli %tile, %cP : index
      %A = ktdp.construct_memory_view %a, sizes: [8192], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8192xf16>
      %A_DDR = memref.memory_space_cast %A : memref<8192xf16> to memref<8192xf16, "DDR">
      %ta = memref.reinterpret_cast %A_DDR to offset: [%start], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, "DDR"> to memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %B = ktdp.construct_memory_view %b, sizes: [8192], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8192xf16>
      %B_DDR = memref.memory_space_cast %B : memref<8192xf16> to memref<8192xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%start], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, "DDR"> to memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %C = ktdp.construct_memory_view %c, sizes: [8192], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 8191 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8192xf16>
      %C_DDR = memref.memory_space_cast %C : memref<8192xf16> to memref<8192xf16, "DDR">
      %tc = memref.reinterpret_cast %C_DDR to offset: [%start], sizes: [64, 64], strides: [64, 1] : memref<8192xf16, "DDR"> to memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">
      %bufa = memref.alloc() : memref<3x8x64xf16, "L1">
      %bufb = memref.alloc() : memref<3x8x64xf16, "L1">
      %bufc = memref.alloc() : memref<3x8x64xf16, "L1">
      scf.for %t = %c0 to %cNT step %c1 {
        %ph = ktdf.buffer_phase(%t) {num_phases = 3 : i64} : index
        %r = arith.muli %t, %cT : index
        ktdf.pipeline modulo(size: 3) {
          %p:3 = ktdf.private -> (!ktdf.token, !ktdf.token, !ktdf.token) {
            %t0 = ktdf.create_token : !ktdf.token
            %t1 = ktdf.create_token : !ktdf.token
            %t2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %t0, %t1, %t2 : !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#0) {
            ktdf.data_transfer from %ta[%r, 0] size [8, 64] to %bufa[%ph, 0, 0] size [1, 8, 64] : memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<3x8x64xf16, "L1">
            ktdf.data_transfer from %tb[%r, 0] size [8, 64] to %bufb[%ph, 0, 0] size [1, 8, 64] : memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<3x8x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#0) depends_out(%p#1) {
            scf.for %i = %c0 to %cT step %c1 {
              ktdf.pipeline {
                %q:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                  %fa, %fb = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  %fc = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                  %u0 = ktdf.create_token : !ktdf.token
                  %u1 = ktdf.create_token : !ktdf.token
                  %u2 = ktdf.create_token : !ktdf.token
                  ktdf.private_yield %fa, %fb, %fc, %u0, %u1, %u2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                }
                ktdf.stage depends_in(none) depends_out(%q#3) {
                  ktdf.data_transfer from %bufa[%ph, %i, 0] size [1, 1, 64] to %q#0 size [64] : memref<3x8x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  ktdf.data_transfer from %bufb[%ph, %i, 0] size [1, 1, 64] to %q#1 size [64] : memref<3x8x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                } {applicable_units = ["L1LU"]}
                ktdf.stage depends_in(%q#3) depends_out(%q#4) {
                  %x = ktdf.read_from_fifo %q#0 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                  %y = ktdf.read_from_fifo %q#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                  %e = tensor.empty() : tensor<64xf16>
                  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<64xf16>, tensor<64xf16>) outs(%e : tensor<64xf16>) {
                  ^bb0(%in: f16, %in_1: f16, %out: f16):
                    %z = arith.addf %in, %in_1 : f16
                    linalg.yield %z : f16
                  } -> tensor<64xf16>
                  ktdf.write_to_fifo %s, %q#2 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
                } {applicable_units = ["SFU"]}
                ktdf.stage depends_in(%q#4) depends_out(%q#5) {
                  ktdf.data_transfer from %q#2 size [64] to %bufc[%ph, %i, 0] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<3x8x64xf16, "L1">
                } {applicable_units = ["L1SU"]}
              }
            } {loop_type = #ktdf.loop_type<parallel_loop>}
          } {applicable_units = ["L1LU", "SFU", "L1SU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %bufc[%ph, 0, 0] size [1, 8, 64] to %tc[%r, 0] size [8, 64] : memref<3x8x64xf16, "L1">, memref<64x64xf16, strided<[64, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
