// RUN: ktc-nest --stats 2>&1 >/dev/null
// PARSE: --stage=sched.routed
// PRINT: none
// row-phases past SCHED_MAX_COUNTED_PHASES: tests/kernels/ragged_passes_cap.mlir,
// nine passes over ragged rows, each pass's blocks from its own start.
// Each pass is tile loops whose phases ktc-lower counts across the rows in
// registers the loops carry, one count for the phases whose loops are the
// same; none are here, and past 16 counts across the row loop the rest
// count their phases by row only, --stats naming each. On spyre the
// kernel runs 1583 cycles so; numbered by row and block across the rows
// as session 36's ktc-lower did (by chance right here), 971.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @ragged_passes_cap(%x: index, %y0: index, %y1: index, %y2: index, %y3: index, %y4: index, %y5: index, %y6: index, %y7: index, %y8: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7, %y8) : (index, index, index, index, index, index, index, index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index, index, index, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y0: index, %y1: index, %y2: index, %y3: index, %y4: index, %y5: index, %y6: index, %y7: index, %y8: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %B = arith.constant 64 : index
      %X = ktdp.construct_memory_view %x, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y0 = ktdp.construct_memory_view %y0, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y1 = ktdp.construct_memory_view %y1, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y2 = ktdp.construct_memory_view %y2, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y3 = ktdp.construct_memory_view %y3, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y4 = ktdp.construct_memory_view %y4, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y5 = ktdp.construct_memory_view %y5, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y6 = ktdp.construct_memory_view %y6, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y7 = ktdp.construct_memory_view %y7, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %Y8 = ktdp.construct_memory_view %y8, sizes: [8, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x512xf16>
      %X_DDR = memref.memory_space_cast %X : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y0_DDR = memref.memory_space_cast %Y0 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y1_DDR = memref.memory_space_cast %Y1 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y2_DDR = memref.memory_space_cast %Y2 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y3_DDR = memref.memory_space_cast %Y3 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y4_DDR = memref.memory_space_cast %Y4 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y5_DDR = memref.memory_space_cast %Y5 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y6_DDR = memref.memory_space_cast %Y6 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y7_DDR = memref.memory_space_cast %Y7 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      %Y8_DDR = memref.memory_space_cast %Y8 : memref<8x512xf16> to memref<8x512xf16, "DDR">
      scf.for %row = %c0 to %c8 step %c1 {
        %r1 = arith.addi %row, %c1 : index
        %nb = arith.minui %r1, %c4 : index
        %s0 = arith.constant 0 : index
        %w0 = arith.muli %nb, %B : index
        %u0 = arith.addi %w0, %s0 : index
        %s1 = arith.constant 64 : index
        %w1 = arith.muli %nb, %B : index
        %u1 = arith.addi %w1, %s1 : index
        %s2 = arith.constant 128 : index
        %w2 = arith.muli %nb, %B : index
        %u2 = arith.addi %w2, %s2 : index
        %s3 = arith.constant 192 : index
        %w3 = arith.muli %nb, %B : index
        %u3 = arith.addi %w3, %s3 : index
        %s4 = arith.constant 0 : index
        %w4 = arith.muli %nb, %B : index
        %u4 = arith.addi %w4, %s4 : index
        %s5 = arith.constant 64 : index
        %w5 = arith.muli %nb, %B : index
        %u5 = arith.addi %w5, %s5 : index
        %s6 = arith.constant 128 : index
        %w6 = arith.muli %nb, %B : index
        %u6 = arith.addi %w6, %s6 : index
        %s7 = arith.constant 192 : index
        %w7 = arith.muli %nb, %B : index
        %u7 = arith.addi %w7, %s7 : index
        %s8 = arith.constant 0 : index
        %w8 = arith.muli %nb, %B : index
        %u8 = arith.addi %w8, %s8 : index
        scf.for %off = %s0 to %u0 step %B {
          %c512 = arith.constant 512 : index
          %0 = arith.muli %row, %c512 : index
          %1 = arith.addi %off, %0 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%1], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y0_DDR to offset: [%1], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %2 = arith.constant 1.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %3 = arith.mulf %in, %2 : f16
                linalg.yield %3 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s1 to %u1 step %B {
          %c512 = arith.constant 512 : index
          %4 = arith.muli %row, %c512 : index
          %5 = arith.addi %off, %4 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%5], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y1_DDR to offset: [%5], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %6 = arith.constant 2.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %7 = arith.mulf %in, %6 : f16
                linalg.yield %7 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s2 to %u2 step %B {
          %c512 = arith.constant 512 : index
          %8 = arith.muli %row, %c512 : index
          %9 = arith.addi %off, %8 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%9], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y2_DDR to offset: [%9], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %10 = arith.constant 3.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %11 = arith.mulf %in, %10 : f16
                linalg.yield %11 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s3 to %u3 step %B {
          %c512 = arith.constant 512 : index
          %12 = arith.muli %row, %c512 : index
          %13 = arith.addi %off, %12 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%13], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y3_DDR to offset: [%13], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %14 = arith.constant 4.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %15 = arith.mulf %in, %14 : f16
                linalg.yield %15 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s4 to %u4 step %B {
          %c512 = arith.constant 512 : index
          %16 = arith.muli %row, %c512 : index
          %17 = arith.addi %off, %16 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%17], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y4_DDR to offset: [%17], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %18 = arith.constant 5.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %19 = arith.mulf %in, %18 : f16
                linalg.yield %19 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s5 to %u5 step %B {
          %c512 = arith.constant 512 : index
          %20 = arith.muli %row, %c512 : index
          %21 = arith.addi %off, %20 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%21], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y5_DDR to offset: [%21], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %22 = arith.constant 6.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %23 = arith.mulf %in, %22 : f16
                linalg.yield %23 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s6 to %u6 step %B {
          %c512 = arith.constant 512 : index
          %24 = arith.muli %row, %c512 : index
          %25 = arith.addi %off, %24 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%25], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y6_DDR to offset: [%25], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %26 = arith.constant 7.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %27 = arith.mulf %in, %26 : f16
                linalg.yield %27 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s7 to %u7 step %B {
          %c512 = arith.constant 512 : index
          %28 = arith.muli %row, %c512 : index
          %29 = arith.addi %off, %28 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%29], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y7_DDR to offset: [%29], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %30 = arith.constant 8.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %31 = arith.mulf %in, %30 : f16
                linalg.yield %31 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
        scf.for %off = %s8 to %u8 step %B {
          %c512 = arith.constant 512 : index
          %32 = arith.muli %row, %c512 : index
          %33 = arith.addi %off, %32 : index
          %tx = memref.reinterpret_cast %X_DDR to offset: [%33], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
          %ty = memref.reinterpret_cast %Y8_DDR to offset: [%33], sizes: [1, 64], strides: [512, 1] : memref<8x512xf16, "DDR"> to memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
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
              ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#5[0, 0] size [1, 64] : memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#2) {
              ktdf.data_transfer from %p#5[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#2) depends_out(%p#3) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %34 = arith.constant 9.0 : f16
              %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %out: f16):
                %35 = arith.mulf %in, %34 : f16
                linalg.yield %35 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %w, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#8) {
              ktdf.data_transfer from %p#1 size [1, 64] to %p#7[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[512, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        }
      }
      return
    }
  }
}
