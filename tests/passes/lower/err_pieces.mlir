// RUN: ktc-lower
// PARSE: --stage=sched.allocated
// Pieces (pieces.mlir) that ktc-lower does not make: f16 data computed in
// f32, 64 elements on 32 f32 lanes, plus the first element of a row of 64
// f32 broadcast (map (d0, 0)): the shuffle repeating it reads a vector held
// in two pieces (ktc-lower splits only shuffles that pick each lane once,
// pieces_reverse.mlir). Refused at the generic, with the widths.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @pieces(%x: index, %b: index, %y: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %b, %y) : (index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %b: index, %y: index) attributes {grid = [1]} {
      %X = ktdp.construct_memory_view %x, sizes: [1, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
      %B = ktdp.construct_memory_view %b, sizes: [1, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x64xf32>
      %Y = ktdp.construct_memory_view %y, sizes: [1, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x64xf16>
      %X_DDR = memref.memory_space_cast %X : memref<1x64xf16> to memref<1x64xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [1, 64], strides: [64, 1] : memref<1x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1]>, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<1x64xf32> to memref<1x64xf32, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [0], sizes: [1, 64], strides: [64, 1] : memref<1x64xf32, "DDR"> to memref<1x64xf32, strided<[64, 1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<1x64xf16> to memref<1x64xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [1, 64], strides: [64, 1] : memref<1x64xf16, "DDR"> to memref<1x64xf16, strided<[64, 1]>, "DDR">
      ktdf.pipeline {
        %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf32>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf32, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf32>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %addr = arith.constant 0 : index
          %buf = builtin.unrealized_conversion_cast %addr : index to memref<1x64xf16, "L1">
          %addr_1 = arith.constant 128 : index
          %buf_1 = builtin.unrealized_conversion_cast %addr_1 : index to memref<1x64xf32, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %addr_2 = arith.constant 384 : index
          %buf_2 = builtin.unrealized_conversion_cast %addr_2 : index to memref<1x64xf16, "L1">
          %tok_4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf32>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf32, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#8) {
          ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[64, 1]>, "DDR">, memref<1x64xf16, "L1">
          ktdf.data_transfer from %tb[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf32, strided<[64, 1]>, "DDR">, memref<1x64xf32, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#3) {
          ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf32, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf32>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %xh = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %bh = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf32> -> tensor<1x64xf32>
          %empty = tensor.empty() : tensor<1x64xf16>
          %half = arith.constant 0.5 : f32
          %oh = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%xh, %bh : tensor<1x64xf16>, tensor<1x64xf32>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f32, %out: f16):
            %0 = arith.extf %in : f16 to f32
            %1 = arith.mulf %0, %half : f32
            %3 = arith.addf %1, %in_1 : f32
            %4 = arith.truncf %3 : f32 to f16
            linalg.yield %4 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %oh, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#10) {
          ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#10) depends_out(%p#5) {
          ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[64, 1]>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
