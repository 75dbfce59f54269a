// RUN: ktc-path-expand
// PARSE: --device=spyre --stage=sched.split
// Rows in flight in phases (path_expand.h), as ktc-split leaves y = -x
// over 34 rows of 32 f16 whose stride %s is known only at launch: 2 rows
// a pipeline (modulo(size: 2)) in a row loop of 17 iterations, each row
// through its own unaligned cast. Each row's staging buffer is widened to
// the words around it (the offset mod 64 where the row starts), and every
// staging buffer gets 2 copies indexed by %ph = (%i0 - 0) / 2 mod 2.
module {
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %s: index, %b: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %A = ktdp.construct_memory_view %a, sizes: [34, %s], strides: [%s, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 33 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<34x?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [34, %s], strides: [%s, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 33 >= 0, d1 >= 0, -d1 + 31 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<34x?xf16>
      %A_DDR = memref.memory_space_cast %A : memref<34x?xf16> to memref<34x?xf16, "DDR">
      %0 = arith.muli %c0, %s : index
      %B_DDR = memref.memory_space_cast %B : memref<34x?xf16> to memref<34x?xf16, "DDR">
      %c34 = arith.constant 34 : index
      %c2 = arith.constant 2 : index
      scf.for %i0 = %c0 to %c34 step %c2 {
        %1 = arith.muli %i0, %s : index
        %2 = arith.addi %0, %1 : index
        %row = memref.reinterpret_cast %A_DDR to offset: [%2], sizes: [1, 32], strides: [1, 1] {unaligned} : memref<34x?xf16, "DDR"> to memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">
        %3 = arith.muli %i0, %s : index
        %4 = arith.addi %0, %3 : index
        %row_1 = memref.reinterpret_cast %B_DDR to offset: [%4], sizes: [1, 32], strides: [1, 1] {unaligned} : memref<34x?xf16, "DDR"> to memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">
        %5 = arith.muli %i0, %s : index
        %6 = arith.addi %0, %5 : index
        %c1 = arith.constant 1 : index
        %7 = arith.muli %c1, %s : index
        %8 = arith.addi %6, %7 : index
        %row_2 = memref.reinterpret_cast %A_DDR to offset: [%8], sizes: [1, 32], strides: [1, 1] {unaligned} : memref<34x?xf16, "DDR"> to memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">
        %9 = arith.muli %i0, %s : index
        %10 = arith.addi %0, %9 : index
        %c1_1 = arith.constant 1 : index
        %11 = arith.muli %c1_1, %s : index
        %12 = arith.addi %10, %11 : index
        %row_3 = memref.reinterpret_cast %B_DDR to offset: [%12], sizes: [1, 32], strides: [1, 1] {unaligned} : memref<34x?xf16, "DDR"> to memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">
        ktdf.pipeline modulo(size : 2) {
          %p:7 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>
            %fifo_1:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %fifo_1#1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#4) {
            ktdf.data_transfer from %row[0, 0] size [1, 32] to %p size [1, 32] : memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>
            ktdf.data_transfer from %row_2[0, 0] size [1, 32] to %p#1 size [1, 32] : memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>
          }
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            %x = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 32xf16> -> tensor<1x32xf16>
            %empty = tensor.empty() : tensor<1x32xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x32xf16>) outs(%empty : tensor<1x32xf16>) {
            ^bb0(%in: f16, %out: f16):
              %13 = arith.negf %in : f16
              linalg.yield %13 : f16
            } -> tensor<1x32xf16>
            ktdf.write_to_fifo %y, %p#2 : tensor<1x32xf16>, <"SFU" -> "DDR", 32xf16>
            %x_1 = ktdf.read_from_fifo %p#1 : <"DDR" -> "SFU", 32xf16> -> tensor<1x32xf16>
            %empty_1 = tensor.empty() : tensor<1x32xf16>
            %y_1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x_1 : tensor<1x32xf16>) outs(%empty_1 : tensor<1x32xf16>) {
            ^bb0(%in: f16, %out: f16):
              %14 = arith.negf %in : f16
              linalg.yield %14 : f16
            } -> tensor<1x32xf16>
            ktdf.write_to_fifo %y_1, %p#3 : tensor<1x32xf16>, <"SFU" -> "DDR", 32xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#5) depends_out(%p#6) {
            ktdf.data_transfer from %p#2 size [1, 32] to %row_1[0, 0] size [1, 32] : !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">
            ktdf.data_transfer from %p#3 size [1, 32] to %row_3[0, 0] size [1, 32] : !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, memref<1x32xf16, strided<[1, 1], offset: ?>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
