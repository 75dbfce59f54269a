// RUN: ktc-path-expand
// PARSE: --device=spyre --stage=sched.split
// exp over 2 rows of 2049 f16, a row per core, as ktc-split leaves it:
// each row in 4 blocks of 512 (a loop stepping by whole 128-byte words)
// and a last element. The blocks start at 2049 x tile + 512 i: the row
// term is a multiple of 2049, not of 64 elements, so the blocks fall
// astride two words for tile 1, though the sum of the terms has no known
// common multiple but 1 (which alone would count as aligned, like a base
// placed at launch). They are widened to the words around them (offset
// mod 64), stored under the byte mask, in 6 phases. (Taken as aligned,
// they made a program the device refused at its first misaligned DMA.)
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @neg_rows(%out: index, %in: index) attributes {grid = [2]} {
      call @local_schedule_0(%in, %out) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%in: index, %out: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %in, sizes: [2, 2049], strides: [2049, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2048 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x2049xf16>
      %Y = ktdp.construct_memory_view %out, sizes: [2, 2049], strides: [2049, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 2048 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x2049xf16>
      %X_DDR = memref.memory_space_cast %X : memref<2x2049xf16> to memref<2x2049xf16, "DDR">
      %c2049 = arith.constant 2049 : index
      %0 = arith.muli %tile, %c2049 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 2049], strides: [2049, 1] : memref<2x2049xf16, "DDR"> to memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<2x2049xf16> to memref<2x2049xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 2049], strides: [2049, 1] : memref<2x2049xf16, "DDR"> to memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
      %c2048 = arith.constant 2048 : index
      %c512 = arith.constant 512 : index
      scf.for %i1 = %c0 to %c2048 step %c512 {
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 512xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 512xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 512xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 512xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 512xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %tx[0, %i1] size [1, 512] to %p size [1, 512] : memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 512xf16>
          }
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %x = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 512xf16> -> tensor<1x512xf16>
            %empty = tensor.empty() : tensor<1x512xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x512xf16>) outs(%empty : tensor<1x512xf16>) {
            ^bb0(%in_1: f16, %out_1: f16):
              %1 = math.exp %in_1 : f16
              linalg.yield %1 : f16
            } -> tensor<1x512xf16>
            ktdf.write_to_fifo %y, %p#1 : tensor<1x512xf16>, <"SFU" -> "DDR", 512xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1, 512] to %ty[0, %i1] size [1, 512] : !ktdf.fifo.slot<"SFU" -> "DDR", 512xf16>, memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      %c1 = arith.constant 1 : index
      scf.for %i1 = %c2048 to %c2049 step %c1 {
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"DDR" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"DDR" -> "SFU", 1xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"DDR" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %tx[0, %i1] size [1, 1] to %p size [1, 1] : memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">, !ktdf.fifo.slot<"DDR" -> "SFU", 1xf16>
          }
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %x = ktdf.read_from_fifo %p : <"DDR" -> "SFU", 1xf16> -> tensor<1x1xf16>
            %empty = tensor.empty() : tensor<1x1xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x1xf16>) outs(%empty : tensor<1x1xf16>) {
            ^bb0(%in_1: f16, %out_1: f16):
              %2 = math.exp %in_1 : f16
              linalg.yield %2 : f16
            } -> tensor<1x1xf16>
            ktdf.write_to_fifo %y, %p#1 : tensor<1x1xf16>, <"SFU" -> "DDR", 1xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1, 1] to %ty[0, %i1] size [1, 1] : !ktdf.fifo.slot<"SFU" -> "DDR", 1xf16>, memref<1x2049xf16, strided<[2049, 1], offset: ?>, "DDR">
          }
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
