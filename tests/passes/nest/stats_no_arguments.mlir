// RUN: ktc-nest --stats
// PARSE: --device=spyre --stage=sched.routed
// A kernel of no arguments (its tensors at fixed addresses, as the
// reference's tests write them) whose rows are added twice: broadcast
// promotion hoists x's load out of the loop @rows_add runs the program in,
// to the function itself, outside every loop, where --stats prices it
// (ktc-nest took the function's first argument for a loop's induction
// variable there and died). From a KTIR kernel as ktc-split and
// ktc-path-expand leave it.
module {
  module {
    func.func @rows_add() {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %k = %c0 to %c2 step %c1 {
        call @local_schedule_0() : () -> ()
      }
      return
    }
    func.func private @local_schedule_0()
  }
  module @local_schedule_0 {
    func.func @local_schedule_0() {
      %c0 = arith.constant 0 : index
      %x = arith.constant 4096 : index
      %y = arith.constant 8192 : index
      %z = arith.constant 16384 : index
      %xv = ktdp.construct_memory_view %x, sizes: [3, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x64xf16>
      %yv = ktdp.construct_memory_view %y, sizes: [3, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x64xf16>
      %zv = ktdp.construct_memory_view %z, sizes: [3, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 2 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<3x64xf16>
      %xv_DDR = memref.memory_space_cast %xv : memref<3x64xf16> to memref<3x64xf16, "DDR">
      %xt = memref.reinterpret_cast %xv_DDR to offset: [0], sizes: [3, 64], strides: [64, 1] : memref<3x64xf16, "DDR"> to memref<3x64xf16, strided<[64, 1]>, "DDR">
      %yv_DDR = memref.memory_space_cast %yv : memref<3x64xf16> to memref<3x64xf16, "DDR">
      %yt = memref.reinterpret_cast %yv_DDR to offset: [0], sizes: [3, 64], strides: [64, 1] : memref<3x64xf16, "DDR"> to memref<3x64xf16, strided<[64, 1]>, "DDR">
      %zv_DDR = memref.memory_space_cast %zv : memref<3x64xf16> to memref<3x64xf16, "DDR">
      %zt = memref.reinterpret_cast %zv_DDR to offset: [0], sizes: [3, 64], strides: [64, 1] : memref<3x64xf16, "DDR"> to memref<3x64xf16, strided<[64, 1]>, "DDR">
      %c3 = arith.constant 3 : index
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c3 step %c1 {
        ktdf.pipeline {
          %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#8) {
            ktdf.data_transfer from %xt[%i0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<3x64xf16, strided<[64, 1]>, "DDR">, memref<1x64xf16, "L1">
            ktdf.data_transfer from %yt[%i0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<3x64xf16, strided<[64, 1]>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %b = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %0 = arith.addf %in, %in_1 : f16
              linalg.yield %0 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %s, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#10) {
            ktdf.data_transfer from %p#2 size [1, 64] to %p#9[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#10) depends_out(%p#5) {
            ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %zt[%i0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<3x64xf16, strided<[64, 1]>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
