// RUN: ktc-path-expand
// PARSE: --device=devices/sticks.mlir --stage=sched.split
// (devices/sticks.mlir: spyre's sticks, no masked writes; spyre: word_masked*.mlir)
// Access tiles at a computed position (row 8 pid_m, column 32 pid_n of a
// 16x64 f16 view: the reinterpret_cast's offset known only when the
// program runs), one 32-element row (64 bytes, half a 128-byte stick) per
// tile. The load moves the enclosing words: the offset becomes one more
// subscript of the hop, its residue mod 64 is a multiple of 32 (from the
// muli by 8 * 64 and by 32), at most 32, so one stick covers the row. C's
// rows are 128 wide, each tile's row at column 64 pid_n: half a stick no
// other tile writes, so the store is a read-modify-write of the stick (were
// C 64 wide like A, the other half would be another tile's, written at the
// same time: refused, path_expand/err_shared_word.mlir).
module {
  module {
    func.func @word_launch_offset(%a_ptr: index, %c_ptr: index) attributes {grid = [2, 2]} {
      call @local_schedule_0(%a_ptr, %c_ptr) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a_ptr: index, %c_ptr: index) attributes {grid = [2, 2]} {
      %pid_m, %pid_n = ktdp.get_compute_tile_id : index, index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %a_view = ktdp.construct_memory_view %a_ptr, sizes: [16, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x64xf16>
      %c_view = ktdp.construct_memory_view %c_ptr, sizes: [16, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 15 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<16x128xf16>
      %m = arith.muli %pid_m, %c8 : index
      %n = arith.muli %pid_n, %c32 : index
      %a_view_DDR = memref.memory_space_cast %a_view : memref<16x64xf16> to memref<16x64xf16, "DDR">
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %0 = arith.muli %m, %c64 : index
      %1 = arith.addi %n, %0 : index
      %a_acc = memref.reinterpret_cast %a_view_DDR to offset: [%1], sizes: [8, 32], strides: [64, 1] : memref<16x64xf16, "DDR"> to memref<8x32xf16, strided<[64, 1], offset: ?>, "DDR">
      %c_view_DDR = memref.memory_space_cast %c_view : memref<16x128xf16> to memref<16x128xf16, "DDR">
      %c2 = arith.constant 2 : index
      %cc = arith.muli %1, %c2 : index
      %c_acc = memref.reinterpret_cast %c_view_DDR to offset: [%cc], sizes: [8, 32], strides: [128, 1] : memref<16x128xf16, "DDR"> to memref<8x32xf16, strided<[128, 1], offset: ?>, "DDR">
      %c1 = arith.constant 1 : index
      scf.for %i0 = %c0 to %c8 step %c1 {
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %a_acc[%i0, 0] size [1, 32] to %p size [1, 32] : memref<8x32xf16, strided<[64, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 32xf16>
          }
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %a = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 32xf16> -> tensor<1x32xf16>
            %empty = tensor.empty() : tensor<1x32xf16>
            %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x32xf16>) outs(%empty : tensor<1x32xf16>) {
            ^bb0(%in: f16, %out: f16):
              %2 = arith.addf %in, %in : f16
              linalg.yield %2 : f16
            } -> tensor<1x32xf16>
            ktdf.write_to_fifo %r, %p#1 : tensor<1x32xf16>, <"SFU" -> "DDR", 32xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1, 32] to %c_acc[%i0, 0] size [1, 32] : !ktdf.fifo.slot<"SFU" -> "DDR", 32xf16>, memref<8x32xf16, strided<[128, 1], offset: ?>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
