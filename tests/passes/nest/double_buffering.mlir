// RUN: ktc-nest --disable=fold-grid --disable=corelets --disable=broadcast --tile-sizes=2
// PARSE: --device=sample --stage=sched.routed
// vector_add, every transformation on, tiles of 2 points: the expanded
// buffers get a phase dim of 2 indexed by ktdf.buffer_phase(%t) and the
// outer pipeline is modulo(size: 2), so the MNILU fills tile t+1 while the
// compute drains tile t.
module {
  module {
    func.func @vector_add(%a: index, %b: index, %c: index) attributes {grid = [2]} {
      call @local_schedule_0(%a, %b, %c) : (index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index, %b: index, %c: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c512 = arith.constant 512 : index
      %start = arith.muli %tile, %c512 : index
      %A = ktdp.construct_memory_view %a, sizes: [1024], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1024xf16>
      %B = ktdp.construct_memory_view %b, sizes: [1024], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1024xf16>
      %C = ktdp.construct_memory_view %c, sizes: [1024], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1024xf16>
      %A_DDR = memref.memory_space_cast %A : memref<1024xf16> to memref<1024xf16, "DDR">
      %c0 = arith.constant 0 : index
      %ta = memref.reinterpret_cast %A_DDR to offset: [%start], sizes: [512], strides: [1] : memref<1024xf16, "DDR"> to memref<512xf16, strided<[1], offset: ?>, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<1024xf16> to memref<1024xf16, "DDR">
      %tb = memref.reinterpret_cast %B_DDR to offset: [%start], sizes: [512], strides: [1] : memref<1024xf16, "DDR"> to memref<512xf16, strided<[1], offset: ?>, "DDR">
      %C_DDR = memref.memory_space_cast %C : memref<1024xf16> to memref<1024xf16, "DDR">
      %tc = memref.reinterpret_cast %C_DDR to offset: [%start], sizes: [512], strides: [1] : memref<1024xf16, "DDR"> to memref<512xf16, strided<[1], offset: ?>, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i0 = %c0 to %c512 step %c64 {
        ktdf.pipeline {
          %p:11 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<64xf16, "L1">
            %buf_1 = memref.alloc() : memref<64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_2 = memref.alloc() : memref<64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#8) {
            ktdf.data_transfer from %ta[%i0] size [64] to %p#6[0] size [64] : memref<512xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            ktdf.data_transfer from %tb[%i0] size [64] to %p#7[0] size [64] : memref<512xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0] size [64] to %p size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#7[0] size [64] to %p#1 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %y = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<64xf16>
            %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %0 = arith.addf %in, %in_1 : f16
              linalg.yield %0 : f16
            } -> tensor<64xf16>
            ktdf.write_to_fifo %sum, %p#2 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#10) {
            ktdf.data_transfer from %p#2 size [64] to %p#9[0] size [64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#10) depends_out(%p#5) {
            ktdf.data_transfer from %p#9[0] size [64] to %tc[%i0] size [64] : memref<64xf16, "L1">, memref<512xf16, strided<[1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
