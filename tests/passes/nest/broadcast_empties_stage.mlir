// RUN: ktc-nest
// PARSE: --device=spyre --stage=sched.routed
// broadcast, a load whose stage it empties: tests/kernels/
// transpose_padded.mlir as ktc-path-expand leaves it (the 16 columns'
// words of a column-major block moved at constant subscripts for every
// row of Y, the map not reading the loop variable it still names): the
// load moves before the tile loop into a sibling pipeline filling one
// buffer, reading 0 for the unread operand, and its stage, left empty,
// goes.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @transpose_padded(%x: index, %y: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x, sizes: [64, 16], strides: [1, 128] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x16xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [64, 16], strides: [16, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 >= 0, -d1 + 15 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64x16xf16>
      %X_DDR = memref.memory_space_cast %X : memref<64x16xf16> to memref<64x16xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [16, 64], strides: [128, 1] : memref<64x16xf16, "DDR"> to memref<16x64xf16, strided<[128, 1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<64x16xf16> to memref<64x16xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [64, 16], strides: [16, 1] : memref<64x16xf16, "DDR"> to memref<64x16xf16, strided<[16, 1]>, "DDR">
      %c64 = arith.constant 64 : index
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c64 step %c1 {
        ktdf.pipeline {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<16x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<16x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<16x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#6) {
            ktdf.data_transfer from %tx[0, 0] size [16, 64] to %p#5[0, 0] size [16, 64] : memref<16x64xf16, strided<[128, 1]>, "DDR">, memref<16x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#6) depends_out(%p#2) {
            ktdf.data_transfer from %p#5[0, %i0] size [16, 1] to %p size [16, 1] : memref<16x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 16xf16> -> tensor<16x1xf16>
            %empty = tensor.empty() : tensor<1x16xf16>
            %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x1xf16>) outs(%empty : tensor<1x16xf16>) {
            ^bb0(%in: f16, %out: f16):
              %0 = math.exp %in : f16
              linalg.yield %0 : f16
            } -> tensor<1x16xf16>
            ktdf.write_to_fifo %b, %p#1 : tensor<1x16xf16>, <"SFU" -> "L1SU", 16xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#8) {
            ktdf.data_transfer from %p#1 size [1, 16] to %p#7[0, %i0 * 16 mod 64] size [1, 16] : !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, %i0 * 16 mod 64] size [1, 16] to %ty[%i0, 0] size [1, 16] {transfer_mode = "masked"} : memref<1x64xf16, "L1">, memref<64x16xf16, strided<[16, 1]>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
