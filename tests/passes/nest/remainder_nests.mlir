// RUN: ktc-nest --disable=corelets --disable=broadcast --disable=splat-hoist --disable=register-carry --disable=fuse-points --disable=fuse-pipelines
// PARSE: --device=sample --stage=sched.routed
// remainder-nests: tests/kernels/rows_remainder.mlir as ktc-path-expand
// leaves it (per row of 7 on a grid of 2, a sum over two 64-wide blocks
// carried in a buffer, then X - sum block by block). The row loop's trip
// count is dynamic: tiles of 2 rows and a remainder loop (the point loop as
// it was); tiling runs again inside the remainder loop, so each of its two
// column loops becomes a tile loop (tile 1 of 2 points, 2 phases) that
// coarsening and double buffering stream like the rows' nest.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @rows_rem(%x: index, %y: index) attributes {grid = [2]} {
      %tile = ktdp.get_compute_tile_id : index
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      scf.for %row = %tile to %c7 step %c2 {
        call @local_schedule_0(%x, %y, %row) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index, %row: index) attributes {grid = [2]} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %X = ktdp.construct_memory_view %x, sizes: [7, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 6 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<7x128xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [7, 128], strides: [128, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 6 >= 0, d1 >= 0, -d1 + 127 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<7x128xf16>
      %acc_buf = memref.alloc() : memref<1x64xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<7x128xf16> to memref<7x128xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<7x128xf16> to memref<7x128xf16, "DDR">
      ktdf.pipeline {
        %p:3 = ktdf.private -> (!ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %tok, %tok_1 : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#1) {
          %empty = tensor.empty() : tensor<1x64xf16>
          %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<1x64xf16>) {
          ^bb0(%out: f16):
            %0 = arith.constant 0.0 : f16
            linalg.yield %0 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#1) depends_out(%p#2) {
          ktdf.data_transfer from %p size [1, 64] to %acc_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %c0 to %c128 step %c64 {
        %1 = arith.muli %row, %c128 : index
        %2 = arith.addi %col, %1 : index
        %t = memref.reinterpret_cast %X_DDR to offset: [%2], sizes: [1, 64], strides: [128, 1] : memref<7x128xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %3:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %3, %3#1, %4, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %t[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %acc_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %5 = arith.addf %in, %in_1 : f16
              linalg.yield %5 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %n, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %acc_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      }
      scf.for %col = %c0 to %c128 step %c64 {
        %6 = arith.muli %row, %c128 : index
        %7 = arith.addi %col, %6 : index
        %t = memref.reinterpret_cast %X_DDR to offset: [%7], sizes: [1, 64], strides: [128, 1] : memref<7x128xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%7], sizes: [1, 64], strides: [128, 1] : memref<7x128xf16, "DDR"> to memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
        ktdf.pipeline {
          %p:10 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %8:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %9 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %8, %8#1, %9, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %t[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %acc_buf[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %acc = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %acc : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %10 = arith.subf %in, %in_1 : f16
              linalg.yield %10 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %o, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#9) {
            ktdf.data_transfer from %p#2 size [1, 64] to %p#8[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#9) depends_out(%p#5) {
            ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[128, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      }
      return
    }
  }
}
