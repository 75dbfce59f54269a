// RUN: ktc-nest --stats --assume n_i32=64 2>&1 >/dev/null
// PARSE: --stage=sched.routed
// PRINT: none
// tests/kernels/vadd_dynamic.mlir as ktc-path-expand leaves it: n f32
// elements, n an i32 kernel argument the program gets as an index_cast.
// Without --assume its ceildiv(n, 32) vectors are priced at the 32 the
// tile's views bound; --assume n_i32=64 prices them at 2 (the cast of
// an i32 that fits keeps its value): a tile of both, one phase.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @vadd_dynamic(%x_ptr: index, %y_ptr: index, %out_ptr: index, %n_i32: i32) attributes {grid = [1]} {
      call @local_schedule_0(%n_i32, %x_ptr, %y_ptr, %out_ptr) : (i32, index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(i32, index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%n_i32: i32, %x_ptr: index, %y_ptr: index, %out_ptr: index) attributes {grid = [1]} {
      %n = arith.index_cast %n_i32 : i32 to index
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %x_ptr, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
      %Y = ktdp.construct_memory_view %y_ptr, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
      %O = ktdp.construct_memory_view %out_ptr, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf32>
      %X_DDR = memref.memory_space_cast %X : memref<?xf32> to memref<?xf32, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [1024], strides: [1] : memref<?xf32, "DDR"> to memref<1024xf32, strided<[1]>, "DDR">
      %0 = arith.subi %n, %c0 : index
      %c1024 = arith.constant 1024 : index
      %1 = arith.minsi %0, %c1024 : index
      %2 = arith.maxsi %1, %c0 : index
      %Y_DDR = memref.memory_space_cast %Y : memref<?xf32> to memref<?xf32, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [1024], strides: [1] : memref<?xf32, "DDR"> to memref<1024xf32, strided<[1]>, "DDR">
      %O_DDR = memref.memory_space_cast %O : memref<?xf32> to memref<?xf32, "DDR">
      %to = memref.reinterpret_cast %O_DDR to offset: [0], sizes: [1024], strides: [1] : memref<?xf32, "DDR"> to memref<1024xf32, strided<[1]>, "DDR">
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      %3 = arith.subi %2, %c1 : index
      %4 = arith.remsi %3, %c32 : index
      %5 = arith.subi %3, %4 : index
      %6 = arith.maxsi %5, %c0 : index
      scf.for %i0 = %c0 to %2 step %c32 {
        %7 = arith.subi %2, %i0 : index
        %8 = arith.minsi %7, %c32 : index
        %9 = arith.index_cast %8 : index to i32
        %10 = arith.sitofp %9 : i32 to f32
        ktdf.pipeline {
          %p:13 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf32>, !ktdf.token, !ktdf.token, !ktdf.token, memref<32xf32, "L1">, memref<32xf32, "L1">, memref<32xf32, "L1">, !ktdf.token, memref<32xf32, "L1">, !ktdf.token) {
            %fifo:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf32>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<32xf32, "L1">
            %buf_1 = memref.alloc() : memref<32xf32, "L1">
            %buf_2 = memref.alloc() : memref<32xf32, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_3 = memref.alloc() : memref<32xf32, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo#2, %fifo_1, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>, !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf32>, !ktdf.token, !ktdf.token, !ktdf.token, memref<32xf32, "L1">, memref<32xf32, "L1">, memref<32xf32, "L1">, !ktdf.token, memref<32xf32, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#10) {
            ktdf.data_transfer from %tx[%i0] size [32] to %p#7[0] size [32] : memref<1024xf32, strided<[1]>, "DDR">, memref<32xf32, "L1">
            ktdf.data_transfer from %ty[%i0] size [32] to %p#8[0] size [32] : memref<1024xf32, strided<[1]>, "DDR">, memref<32xf32, "L1">
            ktdf.data_transfer from %to[%6] size [32] to %p#9[0] size [32] : memref<1024xf32, strided<[1]>, "DDR">, memref<32xf32, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#10) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0] size [32] to %p size [32] : memref<32xf32, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>
            ktdf.data_transfer from %p#8[0] size [32] to %p#1 size [32] : memref<32xf32, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>
            ktdf.data_transfer from %p#9[0] size [32] to %p#2 size [32] : memref<32xf32, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf32>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 32xf32> -> tensor<32xf32>
            %b = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 32xf32> -> tensor<32xf32>
            %empty = tensor.empty() : tensor<32xf32>
            %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<32xf32>, tensor<32xf32>) outs(%empty : tensor<32xf32>) {
            ^bb0(%in: f32, %in_1: f32, %out: f32):
              %11 = arith.addf %in, %in_1 : f32
              linalg.yield %11 : f32
            } -> tensor<32xf32>
            %old = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 32xf32> -> tensor<32xf32>
            %lane = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0]> : tensor<32xf32>
            %empty_1 = tensor.empty() : tensor<32xf32>
            %masked = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s, %old, %lane : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%empty_1 : tensor<32xf32>) {
            ^bb0(%in: f32, %old_1: f32, %lane_1: f32, %out: f32):
              %12 = arith.cmpf olt, %lane_1, %10 : f32
              %13 = arith.select %12, %in, %old_1 : f32
              linalg.yield %13 : f32
            } -> tensor<32xf32>
            ktdf.write_to_fifo %masked, %p#3 : tensor<32xf32>, <"SFU" -> "L1SU", 32xf32>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#5) depends_out(%p#12) {
            ktdf.data_transfer from %p#3 size [32] to %p#11[0] size [32] : !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf32>, memref<32xf32, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#12) depends_out(%p#6) {
            ktdf.data_transfer from %p#11[0] size [32] to %to[%i0] size [32] : memref<32xf32, "L1">, memref<1024xf32, strided<[1]>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
