// RUN: ktc-nest --stats 2>&1 >/dev/null
// PARSE: --device=spyre --stage=sched.routed
// PRINT: none
// Triton's masked LayerNorm on contiguous rows of n f16
// (tests/kernels/layernorm_packed.mlir: rows start inside their 64-f16
// words). The masked store's tail is remainder-pieces' binary digits of a
// count computed from the row's offset in its word: loops of
// ((r mod 64) / 32) trips and the like. The views give no bound on them,
// but the remainder by 64 does: each is priced at its bound of 1 point
// ("tile 1 of at most 1 points ... priced at its bound"), not at a nominal
// 16 points.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @layernorm_packed(%x: index, %w: index, %b: index, %y: index, %n: index, %eps: f16) attributes {grid = [4]} {
      %tile = ktdp.get_compute_tile_id : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      scf.for %row = %tile to %c8 step %c4 {
        call @local_schedule_0(%x, %n, %y, %w, %b, %row, %eps) : (index, index, index, index, index, index, f16) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index, index, f16)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %n: index, %y: index, %w: index, %b: index, %row: index, %eps: f16) attributes {grid = [4]} {
      %c0 = arith.constant 0 : index
      %c1024 = arith.constant 1024 : index
      %c256 = arith.constant 256 : index
      %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [%n, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [%n, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
      %W = ktdp.construct_memory_view %w, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %B = ktdp.construct_memory_view %b, sizes: [%n], strides: [1] {coordinate_set = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<?xf16>
      %n32 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %n32 : i32 to f16
      %c_255 = arith.constant -255 : index
      %0 = arith.addi %n, %c_255 : index
      %1 = arith.minsi %c1024, %0 : index
      %c0_1 = arith.constant 0 : index
      %2 = arith.maxsi %1, %c0_1 : index
      %c256_1 = arith.constant 256 : index
      %c255 = arith.constant 255 : index
      %3 = arith.addi %2, %c255 : index
      %4 = arith.divui %3, %c256_1 : index
      %5 = arith.muli %4, %c256_1 : index
      %6 = arith.addi %5, %c256_1 : index
      %7 = arith.minsi %c1024, %6 : index
      %sum_blk_buf = memref.alloc() : memref<1x256xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<8x?xf16> to memref<8x?xf16, "DDR">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      %mean_buf = memref.alloc() : memref<1xf16, "L1">
      %var_blk_buf = memref.alloc() : memref<1x256xf16, "L1">
      %vsum_buf = memref.alloc() : memref<1xf16, "L1">
      %rstd_buf = memref.alloc() : memref<1xf16, "L1">
      %W_DDR = memref.memory_space_cast %W : memref<?xf16> to memref<?xf16, "DDR">
      %B_DDR = memref.memory_space_cast %B : memref<?xf16> to memref<?xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x?xf16> to memref<8x?xf16, "DDR">
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c0 to %c256 step %c64 {
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
              %8 = arith.constant 0.0 : f16
              linalg.yield %8 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %sum_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      %9 = arith.muli %row, %n : index
      %10 = affine.apply affine_map<(d0) -> (d0 mod 64)>(%9)
      scf.for %off = %c0 to %c1024 step %c256 {
        %11 = arith.addi %9, %off : index
        %12 = arith.subi %n, %off : index
        %13 = arith.minsi %12, %c256 : index
        %14 = arith.maxsi %13, %c0 : index
        %15 = arith.subi %11, %10 : index
        %row_1 = memref.reinterpret_cast %X_DDR to offset: [%15], sizes: [1, 256], strides: [1, 1] : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c256 step %c64 {
          %c64_1 = arith.constant 64 : index
          %c0_2 = arith.constant 0 : index
          %16 = arith.subi %14, %i1 : index
          %17 = arith.maxsi %16, %c0_2 : index
          %18 = arith.minsi %17, %c64_1 : index
          %19 = arith.index_cast %18 : index to i32
          %20 = arith.sitofp %19 : i32 to f16
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%11], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %21:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %22 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %21, %21#1, %22, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#7) {
              ktdf.data_transfer from %row_1[0, %i1] size [1, 128] to %p#6[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#3) {
              ktdf.data_transfer from %sum_blk_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#6[0, %9 mod 64] size [1, 64] to %p#1 size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#3) depends_out(%p#4) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %zero = arith.constant dense<0.0> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %zero, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
              ^bb0(%in: f16, %old: f16, %lane_1: f16, %out: f16):
                %23 = arith.cmpf olt, %lane_1, %20 : f16
                %24 = arith.select %23, %in, %old : f16
                linalg.yield %24 : f16
              } -> tensor<1x64xf16>
              %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %masked : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %out: f16):
                %25 = arith.addf %in, %in_1 : f16
                linalg.yield %25 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              ktdf.data_transfer from %p#2 size [1, 64] to %sum_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {carried}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sum_blk_buf[0, 0] size [1, 256] to %p size [1, 256] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum_blk = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<1x256xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sum_blk : tensor<1x256xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %26 = arith.addf %out, %in : f16
            linalg.yield %26 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %sum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sum_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %mean = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %mean_1 = arith.divf %in, %nf : f16
            linalg.yield %mean_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %mean, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %mean_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i1 = %c0 to %c256 step %c64 {
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
              %27 = arith.constant 0.0 : f16
              linalg.yield %27 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#1) depends_out(%p#2) {
            ktdf.data_transfer from %p size [1, 64] to %var_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      %28 = arith.muli %row, %n : index
      %29 = affine.apply affine_map<(d0) -> (d0 mod 64)>(%28)
      scf.for %off = %c0 to %c1024 step %c256 {
        %c9223372036854775807 = arith.constant 9223372036854775807 : index
        %30 = arith.minui %n, %c9223372036854775807 : index
        %31 = arith.subi %30, %off : index
        %32 = arith.addi %28, %off : index
        %33 = arith.subi %n, %off : index
        %34 = arith.minsi %33, %c256 : index
        %35 = arith.maxsi %34, %c0 : index
        %36 = arith.subi %32, %29 : index
        %row_1 = memref.reinterpret_cast %X_DDR to offset: [%36], sizes: [1, 256], strides: [1, 1] : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c256 step %c64 {
          %c64_1 = arith.constant 64 : index
          %c0_2 = arith.constant 0 : index
          %37 = arith.subi %35, %i1 : index
          %38 = arith.maxsi %37, %c0_2 : index
          %39 = arith.minsi %38, %c64_1 : index
          %40 = arith.index_cast %39 : index to i32
          %41 = arith.sitofp %40 : i32 to f16
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%32], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %42:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %43 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %42, %42#1, %42#2, %43, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#8) {
              ktdf.data_transfer from %row_1[0, %i1] size [1, 128] to %p#7[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#8) depends_out(%p#4) {
              ktdf.data_transfer from %var_blk_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#7[0, %28 mod 64] size [1, 64] to %p#1 size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#4) depends_out(%p#5) {
              %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %v = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %mean = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %zero = arith.constant dense<0.0> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %zero, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
              ^bb0(%in: f16, %old: f16, %lane_1: f16, %out: f16):
                %44 = arith.cmpf olt, %lane_1, %41 : f16
                %45 = arith.select %44, %in, %old : f16
                linalg.yield %45 : f16
              } -> tensor<1x64xf16>
              %zs = arith.constant 0.0 : f16
              %lane_1 = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %46 = arith.subi %31, %i1 : index
              %c64_2 = arith.constant 64 : index
              %c_1 = arith.constant -1 : index
              %47 = arith.maxsi %46, %c_1 : index
              %48 = arith.minsi %47, %c64_2 : index
              %49 = arith.index_cast %48 : index to i32
              %50 = arith.sitofp %49 : i32 to f16
              %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %masked, %mean, %lane_1 : tensor<1x64xf16>, tensor<1x64xf16>, tensor<64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %lane_2: f16, %out: f16):
                %51 = arith.cmpf olt, %lane_2, %50 : f16
                %c = arith.subf %in_1, %in_2 : f16
                %r = arith.select %51, %c, %zs : f16
                %52 = arith.mulf %r, %r : f16
                %53 = arith.addf %in, %52 : f16
                linalg.yield %53 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %next, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#6) {
              ktdf.data_transfer from %p#3 size [1, 64] to %var_blk_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x256xf16, "L1">
            } {applicable_units = ["L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      } {carried}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %var_blk_buf[0, 0] size [1, 256] to %p size [1, 256] : memref<1x256xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 256xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %var_blk = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 256xf16> -> tensor<1x256xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %vsum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%var_blk : tensor<1x256xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %54 = arith.addf %out, %in : f16
            linalg.yield %54 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %vsum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %vsum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %vsum_buf[0] size [1] to %p size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %vsum = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
          %empty = tensor.empty() : tensor<1xf16>
          %rstd = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%vsum : tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %one = arith.constant 1.0 : f16
            %var = arith.divf %in, %nf : f16
            %ve = arith.addf %var, %eps : f16
            %sd = math.sqrt %ve : f16
            %rstd_1 = arith.divf %one, %sd : f16
            linalg.yield %rstd_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %rstd, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %rstd_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      %55 = arith.muli %row, %n : index
      %56 = affine.apply affine_map<(d0) -> (d0 mod 64)>(%55)
      scf.for %off = %c0 to %1 step %c256 {
        %57 = arith.addi %55, %off : index
        %tw = memref.reinterpret_cast %W_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %tb = memref.reinterpret_cast %B_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %58 = arith.subi %57, %56 : index
        %row_1 = memref.reinterpret_cast %X_DDR to offset: [%58], sizes: [1, 256], strides: [1, 1] : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %c256 step %c64 {
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%57], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%57], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %59:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %60 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %buf_2 = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %59, %59#1, %59#2, %59#3, %59#4, %60, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_1[0, %i1] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%i1] size [64] to %p#10[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %tb[%i1] size [64] to %p#11[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, %55 mod 64] size [1, 64] to %p size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#10[0] size [64] to %p#3 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#11[0] size [64] to %p#4 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 64] to %p#13[0, %55 mod 64] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, %55 mod 64] size [1, 64] to %row_3[0, %i1] size [1, 64] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      %61 = arith.muli %row, %n : index
      %62 = affine.apply affine_map<(d0) -> (d0 mod 64)>(%61)
      scf.for %off = %5 to %7 step %c256 {
        %63 = arith.addi %61, %off : index
        %64 = arith.subi %n, %off : index
        %65 = arith.minsi %64, %c256 : index
        %66 = arith.maxsi %65, %c0 : index
        %tw = memref.reinterpret_cast %W_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %tb = memref.reinterpret_cast %B_DDR to offset: [%off], sizes: [256], strides: [1] : memref<?xf16, "DDR"> to memref<256xf16, strided<[1], offset: ?>, "DDR">
        %c1 = arith.constant 1 : index
        %67 = arith.maxsi %66, %c0 : index
        %68 = arith.remsi %67, %c64 : index
        %69 = arith.subi %67, %68 : index
        %70 = arith.subi %63, %62 : index
        %row_1 = memref.reinterpret_cast %X_DDR to offset: [%70], sizes: [1, 256], strides: [1, 1] : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
        scf.for %i1 = %c0 to %69 step %c64 {
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %71:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %72 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %buf_2 = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %71, %71#1, %71#2, %71#3, %71#4, %72, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_1[0, %i1] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%i1] size [64] to %p#10[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %tb[%i1] size [64] to %p#11[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, %61 mod 64] size [1, 64] to %p size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#10[0] size [64] to %p#3 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#11[0] size [64] to %p#4 size [64] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 64] to %p#13[0, %61 mod 64] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, %61 mod 64] size [1, 64] to %row_3[0, %i1] size [1, 64] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
        %c32 = arith.constant 32 : index
        %73 = arith.remsi %68, %c64 : index
        %74 = arith.divsi %73, %c32 : index
        scf.for %i1 = %c0 to %74 step %c1 {
          %c64_1 = arith.constant 64 : index
          %75 = arith.remsi %68, %c64_1 : index
          %76 = arith.subi %67, %75 : index
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %77:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>
              %78 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<128xf16, "L1">
              %buf_2 = memref.alloc() : memref<128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %77, %77#1, %77#2, %77#3, %77#4, %78, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_2[0, %76 - (%61 + %76) mod 64] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%76 - %76 mod 64] size [128] to %p#10[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
              ktdf.data_transfer from %tb[%76 - %76 mod 64] size [128] to %p#11[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, (%61 + %76) mod 64] size [1, 32] to %p size [1, 32] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [32] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [32] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>
              ktdf.data_transfer from %p#10[%76 mod 64] size [32] to %p#3 size [32] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>
              ktdf.data_transfer from %p#11[%76 mod 64] size [32] to %p#4 size [32] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 32xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 32xf16> -> tensor<1x32xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 32xf16> -> tensor<32xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 32xf16> -> tensor<32xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 32xf16> -> tensor<32xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 32xf16> -> tensor<32xf16>
              %empty = tensor.empty() : tensor<1x32xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x32xf16>, tensor<32xf16>, tensor<32xf16>, tensor<32xf16>, tensor<32xf16>) outs(%empty : tensor<1x32xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x32xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x32xf16>, <"SFU" -> "L1SU", 32xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 32] to %p#13[0, (%61 + %76) mod 64] size [1, 32] : !ktdf.fifo.slot<"SFU" -> "L1SU", 32xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, (%61 + %76) mod 64] size [1, 32] to %row_3[0, %76] size [1, 32] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
        %c16 = arith.constant 16 : index
        %79 = arith.remsi %68, %c32 : index
        %80 = arith.divsi %79, %c16 : index
        scf.for %i1 = %c0 to %80 step %c1 {
          %c32_1 = arith.constant 32 : index
          %81 = arith.remsi %68, %c32_1 : index
          %82 = arith.subi %67, %81 : index
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %83:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
              %84 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<128xf16, "L1">
              %buf_2 = memref.alloc() : memref<128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %83, %83#1, %83#2, %83#3, %83#4, %84, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_2[0, %82 - (%61 + %82) mod 64] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%82 - %82 mod 64] size [128] to %p#10[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
              ktdf.data_transfer from %tb[%82 - %82 mod 64] size [128] to %p#11[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, (%61 + %82) mod 64] size [1, 16] to %p size [1, 16] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [16] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [16] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
              ktdf.data_transfer from %p#10[%82 mod 64] size [16] to %p#3 size [16] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
              ktdf.data_transfer from %p#11[%82 mod 64] size [16] to %p#4 size [16] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 16xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 16xf16> -> tensor<1x16xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 16xf16> -> tensor<16xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 16xf16> -> tensor<16xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 16xf16> -> tensor<16xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 16xf16> -> tensor<16xf16>
              %empty = tensor.empty() : tensor<1x16xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>) outs(%empty : tensor<1x16xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x16xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x16xf16>, <"SFU" -> "L1SU", 16xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 16] to %p#13[0, (%61 + %82) mod 64] size [1, 16] : !ktdf.fifo.slot<"SFU" -> "L1SU", 16xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, (%61 + %82) mod 64] size [1, 16] to %row_3[0, %82] size [1, 16] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
        %c8 = arith.constant 8 : index
        %85 = arith.remsi %68, %c16 : index
        %86 = arith.divsi %85, %c8 : index
        scf.for %i1 = %c0 to %86 step %c1 {
          %c16_1 = arith.constant 16 : index
          %87 = arith.remsi %68, %c16_1 : index
          %88 = arith.subi %67, %87 : index
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 8xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %89:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>
              %90 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 8xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<128xf16, "L1">
              %buf_2 = memref.alloc() : memref<128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %89, %89#1, %89#2, %89#3, %89#4, %90, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 8xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_2[0, %88 - (%61 + %88) mod 64] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%88 - %88 mod 64] size [128] to %p#10[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
              ktdf.data_transfer from %tb[%88 - %88 mod 64] size [128] to %p#11[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, (%61 + %88) mod 64] size [1, 8] to %p size [1, 8] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [8] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [8] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>
              ktdf.data_transfer from %p#10[%88 mod 64] size [8] to %p#3 size [8] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>
              ktdf.data_transfer from %p#11[%88 mod 64] size [8] to %p#4 size [8] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 8xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 8xf16> -> tensor<1x8xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 8xf16> -> tensor<8xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 8xf16> -> tensor<8xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 8xf16> -> tensor<8xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 8xf16> -> tensor<8xf16>
              %empty = tensor.empty() : tensor<1x8xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<8xf16>) outs(%empty : tensor<1x8xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x8xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x8xf16>, <"SFU" -> "L1SU", 8xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 8] to %p#13[0, (%61 + %88) mod 64] size [1, 8] : !ktdf.fifo.slot<"SFU" -> "L1SU", 8xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, (%61 + %88) mod 64] size [1, 8] to %row_3[0, %88] size [1, 8] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
        %c4 = arith.constant 4 : index
        %91 = arith.remsi %68, %c8 : index
        %92 = arith.divsi %91, %c4 : index
        scf.for %i1 = %c0 to %92 step %c1 {
          %c8_1 = arith.constant 8 : index
          %93 = arith.remsi %68, %c8_1 : index
          %94 = arith.subi %67, %93 : index
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 4xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %95:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>
              %96 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 4xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<128xf16, "L1">
              %buf_2 = memref.alloc() : memref<128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %95, %95#1, %95#2, %95#3, %95#4, %96, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 4xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_2[0, %94 - (%61 + %94) mod 64] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%94 - %94 mod 64] size [128] to %p#10[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
              ktdf.data_transfer from %tb[%94 - %94 mod 64] size [128] to %p#11[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, (%61 + %94) mod 64] size [1, 4] to %p size [1, 4] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [4] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [4] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>
              ktdf.data_transfer from %p#10[%94 mod 64] size [4] to %p#3 size [4] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>
              ktdf.data_transfer from %p#11[%94 mod 64] size [4] to %p#4 size [4] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 4xf16> -> tensor<1x4xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 4xf16> -> tensor<4xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 4xf16> -> tensor<4xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 4xf16> -> tensor<4xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 4xf16> -> tensor<4xf16>
              %empty = tensor.empty() : tensor<1x4xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) outs(%empty : tensor<1x4xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x4xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x4xf16>, <"SFU" -> "L1SU", 4xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 4] to %p#13[0, (%61 + %94) mod 64] size [1, 4] : !ktdf.fifo.slot<"SFU" -> "L1SU", 4xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, (%61 + %94) mod 64] size [1, 4] to %row_3[0, %94] size [1, 4] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
        %c2 = arith.constant 2 : index
        %97 = arith.remsi %68, %c4 : index
        %98 = arith.divsi %97, %c2 : index
        scf.for %i1 = %c0 to %98 step %c1 {
          %c4_1 = arith.constant 4 : index
          %99 = arith.remsi %68, %c4_1 : index
          %100 = arith.subi %67, %99 : index
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 2xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token) {
              %101:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>
              %102 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 2xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x128xf16, "L1">
              %buf_1 = memref.alloc() : memref<128xf16, "L1">
              %buf_2 = memref.alloc() : memref<128xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x128xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %101, %101#1, %101#2, %101#3, %101#4, %102, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 2xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x128xf16, "L1">, memref<128xf16, "L1">, memref<128xf16, "L1">, !ktdf.token, memref<1x128xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_2[0, %100 - (%61 + %100) mod 64] size [1, 128] to %p#9[0, 0] size [1, 128] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x128xf16, "L1">
              ktdf.data_transfer from %tw[%100 - %100 mod 64] size [128] to %p#10[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
              ktdf.data_transfer from %tb[%100 - %100 mod 64] size [128] to %p#11[0] size [128] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<128xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, (%61 + %100) mod 64] size [1, 2] to %p size [1, 2] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [2] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [2] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>
              ktdf.data_transfer from %p#10[%100 mod 64] size [2] to %p#3 size [2] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>
              ktdf.data_transfer from %p#11[%100 mod 64] size [2] to %p#4 size [2] : memref<128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 2xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 2xf16> -> tensor<1x2xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 2xf16> -> tensor<2xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 2xf16> -> tensor<2xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 2xf16> -> tensor<2xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 2xf16> -> tensor<2xf16>
              %empty = tensor.empty() : tensor<1x2xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) outs(%empty : tensor<1x2xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x2xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x2xf16>, <"SFU" -> "L1SU", 2xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 2] to %p#13[0, (%61 + %100) mod 64] size [1, 2] : !ktdf.fifo.slot<"SFU" -> "L1SU", 2xf16>, memref<1x128xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, (%61 + %100) mod 64] size [1, 2] to %row_3[0, %100] size [1, 2] {transfer_mode = "masked"} : memref<1x128xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
        %103 = arith.remsi %68, %c2 : index
        %104 = arith.divsi %103, %c1 : index
        scf.for %i1 = %c0 to %104 step %c1 {
          %c2_1 = arith.constant 2 : index
          %105 = arith.remsi %68, %c2_1 : index
          %106 = arith.subi %67, %105 : index
          %row_2 = memref.reinterpret_cast %X_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          %row_3 = memref.reinterpret_cast %Y_DDR to offset: [%63], sizes: [1, 256], strides: [1, 1] {unaligned} : memref<8x?xf16, "DDR"> to memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
          ktdf.pipeline {
            %p:15 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %107:5 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
              %108 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %buf_1 = memref.alloc() : memref<64xf16, "L1">
              %buf_2 = memref.alloc() : memref<64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %107, %107#1, %107#2, %107#3, %107#4, %108, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<64xf16, "L1">, memref<64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#12) {
              ktdf.data_transfer from %row_2[0, %106 - (%61 + %106) mod 64] size [1, 64] to %p#9[0, 0] size [1, 64] : memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tw[%106 - %106 mod 64] size [64] to %p#10[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
              ktdf.data_transfer from %tb[%106 - %106 mod 64] size [64] to %p#11[0] size [64] : memref<256xf16, strided<[1], offset: ?>, "DDR">, memref<64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#12) depends_out(%p#6) {
              ktdf.data_transfer from %p#9[0, (%61 + %106) mod 64] size [1, 1] to %p size [1, 1] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
              ktdf.data_transfer from %mean_buf[0] size [1] to %p#1 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#2 size [1] : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
              ktdf.data_transfer from %p#10[%106 mod 64] size [1] to %p#3 size [1] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
              ktdf.data_transfer from %p#11[%106 mod 64] size [1] to %p#4 size [1] : memref<64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 1xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#7) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 1xf16> -> tensor<1x1xf16>
              %mean = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
              %rstd = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
              %wv = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
              %bv = ktdf.read_from_fifo %p#4 : <"L1LU" -> "SFU", 1xf16> -> tensor<1xf16>
              %empty = tensor.empty() : tensor<1x1xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0)>, affine_map<(d0, d1) -> (0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %mean, %rstd, %wv, %bv : tensor<1x1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<1xf16>) outs(%empty : tensor<1x1xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %in_3: f16, %in_4: f16, %out: f16):
                %c = arith.subf %in, %in_1 : f16
                %nrm = arith.mulf %c, %in_2 : f16
                %sc = arith.mulf %nrm, %in_3 : f16
                %res = arith.addf %sc, %in_4 : f16
                linalg.yield %res : f16
              } -> tensor<1x1xf16>
              ktdf.write_to_fifo %o, %p#5 : tensor<1x1xf16>, <"SFU" -> "L1SU", 1xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#7) depends_out(%p#14) {
              ktdf.data_transfer from %p#5 size [1, 1] to %p#13[0, (%61 + %106) mod 64] size [1, 1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#14) depends_out(%p#8) {
              ktdf.data_transfer from %p#13[0, (%61 + %106) mod 64] size [1, 1] to %row_3[0, %106] size [1, 1] {transfer_mode = "masked"} : memref<1x64xf16, "L1">, memref<1x256xf16, strided<[1, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
