// RUN: ktc-nest --disable=corelets
// PARSE: --device=sample --stage=sched.routed
// row-phases: the input of colstep_dynamic.mlir (rows of a block walked by a
// column loop stepping by the launch-time %BS, as the cost model chooses:
// tiles of 1 column in 4 phases). The buffer phases count the row loop's iterations too,
// buffer_phase(%row, %t): the DMA fills the next row's first tiles while
// this row's last ones compute (ktc-lower primes the credits before the
// row loop), and the phased buffers are allocated before the row loop, so
// ktc-allocate gives their bytes to nothing else a row uses.
module {
  module {
    func.func @colstep(%x: index, %y: index, %BS: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      scf.for %row = %c0 to %c8 step %c1 {
        scf.for %col = %c0 to %c256 step %BS {
          call @local_schedule_0(%x, %y, %row, %col) : (index, index, index, index) -> ()
        }
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %row: index, %col: index) attributes {grid = [1]} {
      %X = ktdp.construct_memory_view %x, sizes: [8, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, 256], strides: [256, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 255 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x256xf16>
      %X_DDR = memref.memory_space_cast %X : memref<8x256xf16> to memref<8x256xf16, "DDR">
      %c256 = arith.constant 256 : index
      %0 = arith.muli %row, %c256 : index
      %1 = arith.addi %col, %0 : index
      %xa = memref.reinterpret_cast %X_DDR to offset: [%1], sizes: [1, 64], strides: [256, 1] : memref<8x256xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x256xf16> to memref<8x256xf16, "DDR">
      %ya = memref.reinterpret_cast %Y_DDR to offset: [%1], sizes: [1, 64], strides: [256, 1] : memref<8x256xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x64xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
          %tok_4 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#6) {
          ktdf.data_transfer from %xa[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %out: f16):
            %2 = arith.addf %in, %in : f16
            linalg.yield %2 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#8) {
          ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#4) {
          ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ya[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}
