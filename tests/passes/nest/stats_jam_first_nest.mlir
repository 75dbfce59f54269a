// RUN: ktc-nest --stats --assume n=200 2>&1 >/dev/null
// PARSE: --device=spyre --stage=sched.routed
// PRINT: none
// stats_jam_first_nest.mlir - tests/kernels/rmsnorm_masked.mlir after
// ktc-path-expand (rows of 256 f16, 2 a core, masked past n), n assumed
// 200. row-jam puts both rows' passes side by side, each pass a nest run
// once; the first of them issues all its tiles' loads at once (as many
// phases as tiles), as the jammed passes after it do. The program model
// priced that first nest at its load-bound steady state (581 cycles for
// the jammed program, against 549 without row-jam: dropped); it now takes
// its loads into the bandwidth terms and their latency into the fill, as
// for the others: 543, and row-jam stays. row-corelets then runs row 1's
// passes on corelet 1 (fuse-pipelines and carry-merge leave the two rows'
// pipelines apart, fuse-pipelines joining a row's pipelines past the other
// row's, and the other row's stores), the model pricing each corelet's
// row side by side: 427 (simulated: 441 cycles jammed, 517 with
// row-corelets off, 549 without row-jam).
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @rmsnorm_masked(%x: index, %w: index, %y: index, %n: index, %eps: f16) attributes {grid = [4]} {
      %tile = ktdp.get_compute_tile_id : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      scf.for %row = %tile to %c8 step %c4 {
        call @local_schedule_0(%x, %n, %w, %y, %row, %eps) : (index, index, index, index, index, f16) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index, index, index, f16)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %n: index, %w: index, %y: index, %row: index, %eps: f16) attributes {grid = [4]} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %X = ktdp.construct_memory_view %x, sizes: [8, %n], strides: [256, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
      %W = ktdp.construct_memory_view %w, sizes: [8, %n], strides: [256, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [8, %n], strides: [256, 1] {coordinate_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + 7 >= 0, d1 >= 0, -d1 + s0 - 1 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<8x?xf16>
      %n32 = arith.index_cast %n : index to i32
      %nf = arith.sitofp %n32 : i32 to f16
      %c_63 = arith.constant -63 : index
      %0 = arith.addi %n, %c_63 : index
      %1 = arith.minsi %c256, %0 : index
      %c0_1 = arith.constant 0 : index
      %2 = arith.maxsi %1, %c0_1 : index
      %c64_1 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %3 = arith.addi %2, %c63 : index
      %4 = arith.divui %3, %c64_1 : index
      %5 = arith.muli %4, %c64_1 : index
      %6 = arith.addi %5, %c64_1 : index
      %7 = arith.minsi %c256, %6 : index
      %sq_buf = memref.alloc() : memref<1x64xf16, "L1">
      %X_DDR = memref.memory_space_cast %X : memref<8x?xf16> to memref<8x?xf16, "DDR">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      %rstd_buf = memref.alloc() : memref<1xf16, "L1">
      %W_DDR = memref.memory_space_cast %W : memref<8x?xf16> to memref<8x?xf16, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<8x?xf16> to memref<8x?xf16, "DDR">
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
          ktdf.data_transfer from %p size [1, 64] to %sq_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %c0 to %c256 step %c64 {
        %9 = arith.muli %row, %c256 : index
        %10 = arith.addi %col, %9 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%10], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        %11 = arith.subi %n, %col : index
        %12 = arith.minsi %11, %c64 : index
        %13 = arith.maxsi %12, %c0 : index
        %14 = arith.subi %13, %c0 : index
        %15 = arith.maxsi %14, %c0 : index
        %16 = arith.minsi %15, %c64 : index
        %17 = arith.index_cast %16 : index to i32
        %18 = arith.sitofp %17 : i32 to f16
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %19:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %20 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %19, %19#1, %20, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %sq_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
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
              %21 = arith.cmpf olt, %lane_1, %18 : f16
              %22 = arith.select %21, %in, %old : f16
              linalg.yield %22 : f16
            } -> tensor<1x64xf16>
            %next = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acc, %masked : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %out: f16):
              %23 = arith.mulf %in_1, %in_1 : f16
              %24 = arith.addf %in, %23 : f16
              linalg.yield %24 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %next, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %sq_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {carried}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %sq_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %sq = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %zs = arith.constant 0.0 : f16
          %init = tensor.splat %zs : tensor<1xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<1x64xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %25 = arith.addf %out, %in : f16
            linalg.yield %25 : f16
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
          %rstd = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : tensor<1xf16>) outs(%empty : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %mean = arith.divf %in, %nf : f16
            %me = arith.addf %mean, %eps : f16
            %rstd_1 = math.rsqrt %me : f16
            linalg.yield %rstd_1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %rstd, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %rstd_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %col = %c0 to %1 step %c64 {
        %26 = arith.muli %row, %c256 : index
        %27 = arith.addi %col, %26 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%27], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        %tw = memref.reinterpret_cast %W_DDR to offset: [%27], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%27], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        ktdf.pipeline {
          %p:12 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %28:3 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %29 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %28, %28#1, %28#2, %29, %tok, %tok_1, %tok_2, %buf, %buf_1, %tok_3, %buf_2, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#9) {
            ktdf.data_transfer from %tx[0, 0] size [1, 64] to %p#7[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            ktdf.data_transfer from %tw[0, 0] size [1, 64] to %p#8[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#9) depends_out(%p#4) {
            ktdf.data_transfer from %p#7[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %rstd_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %p#2 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %rstd = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %wv = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %rstd, %wv : tensor<1x64xf16>, tensor<64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
              %30 = arith.mulf %in, %in_1 : f16
              %31 = arith.mulf %30, %in_2 : f16
              linalg.yield %31 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %o, %p#3 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#5) depends_out(%p#11) {
            ktdf.data_transfer from %p#3 size [1, 64] to %p#10[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#11) depends_out(%p#6) {
            ktdf.data_transfer from %p#10[0, 0] size [1, 64] to %ty[0, 0] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      }
      scf.for %col = %5 to %7 step %c64 {
        %32 = arith.muli %row, %c256 : index
        %33 = arith.addi %col, %32 : index
        %tx = memref.reinterpret_cast %X_DDR to offset: [%33], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        %34 = arith.subi %n, %col : index
        %35 = arith.minsi %34, %c64 : index
        %36 = arith.maxsi %35, %c0 : index
        %tw = memref.reinterpret_cast %W_DDR to offset: [%33], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        %ty = memref.reinterpret_cast %Y_DDR to offset: [%33], sizes: [1, 64], strides: [256, 1] : memref<8x?xf16, "DDR"> to memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
        %c1 = arith.constant 1 : index
        %37 = arith.subi %36, %c1 : index
        %38 = arith.remsi %37, %c64 : index
        %39 = arith.subi %37, %38 : index
        %40 = arith.maxsi %39, %c0 : index
        scf.for %i1 = %c0 to %36 step %c64 {
          %41 = arith.subi %36, %i1 : index
          %42 = arith.minsi %41, %c64 : index
          %43 = arith.index_cast %42 : index to i32
          %44 = arith.sitofp %43 : i32 to f16
          ktdf.pipeline {
            %p:14 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
              %45:4 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              %46 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
              %tok = ktdf.create_token : !ktdf.token
              %tok_1 = ktdf.create_token : !ktdf.token
              %tok_2 = ktdf.create_token : !ktdf.token
              %buf = memref.alloc() : memref<1x64xf16, "L1">
              %buf_1 = memref.alloc() : memref<1x64xf16, "L1">
              %buf_2 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_3 = ktdf.create_token : !ktdf.token
              %buf_3 = memref.alloc() : memref<1x64xf16, "L1">
              %tok_4 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %45, %45#1, %45#2, %45#3, %46, %tok, %tok_1, %tok_2, %buf, %buf_1, %buf_2, %tok_3, %buf_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%p#11) {
              ktdf.data_transfer from %tx[0, %i1] size [1, 64] to %p#8[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %tw[0, %i1] size [1, 64] to %p#9[0, 0] size [1, 64] : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              ktdf.data_transfer from %ty[0, %40] size [1, 64] to %p#10[0, 0] size [1, 64] {old_lanes, unwritten} : memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%p#11) depends_out(%p#5) {
              ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %rstd_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#9[0, 0] size [1, 64] to %p#2 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              ktdf.data_transfer from %p#10[0, 0] size [1, 64] to %p#3 size [1, 64] {old_lanes, unwritten} : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            } {applicable_units = ["L1LU"]}
            ktdf.stage depends_in(%p#5) depends_out(%p#6) {
              %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %rstd = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
              %wv = ktdf.read_from_fifo %p#2 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %empty = tensor.empty() : tensor<1x64xf16>
              %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v, %rstd, %wv : tensor<1x64xf16>, tensor<64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
              ^bb0(%in: f16, %in_1: f16, %in_2: f16, %out: f16):
                %47 = arith.mulf %in, %in_1 : f16
                %48 = arith.mulf %47, %in_2 : f16
                linalg.yield %48 : f16
              } -> tensor<1x64xf16>
              %old = ktdf.read_from_fifo %p#3 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
              %lane = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 1.0e+01, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 2.0e+01, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 3.0e+01, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 4.0e+01, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 5.0e+01, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 6.0e+01, 61.0, 62.0, 63.0]]> : tensor<1x64xf16>
              %empty_1 = tensor.empty() : tensor<1x64xf16>
              %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%o, %old, %lane : tensor<1x64xf16>, tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty_1 : tensor<1x64xf16>) {
              ^bb0(%in: f16, %old_1: f16, %lane_1: f16, %out: f16):
                %49 = arith.cmpf olt, %lane_1, %44 : f16
                %50 = arith.select %49, %in, %old_1 : f16
                linalg.yield %50 : f16
              } -> tensor<1x64xf16>
              ktdf.write_to_fifo %masked, %p#4 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
            } {applicable_units = ["SFU"]}
            ktdf.stage depends_in(%p#6) depends_out(%p#13) {
              ktdf.data_transfer from %p#4 size [1, 64] to %p#12[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
            } {applicable_units = ["L1SU"]}
            ktdf.stage depends_in(%p#13) depends_out(%p#7) {
              ktdf.data_transfer from %p#12[0, 0] size [1, 64] to %ty[0, %i1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x64xf16, strided<[256, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<parallel_loop>}
      }
      return
    }
  }
}
