// RUN: ktc-nest --disable=reductions --disable=reduction-producer --disable=shared-loads --disable=remainder-nests --disable=remainder-pieces --disable=coarsening --disable=double-buffering --disable=row-phases --disable=corelets --disable=splat-hoist --disable=broadcast --disable=register-carry --disable=fuse-points --disable=fuse-pipelines --disable=stream-loops --disable=lane-transfers --disable=corelet-blocks --disable=resident-rows --disable=chunk-loads --disable=unit-loops --disable=store-blocks --disable=overlap-rows --disable=wide-first-level --disable=balance-rows --disable=rest-tiles --disable=overlap-division --disable=single-row --disable=shared-words --disable=row-jam
// PARSE: --device=sample --stage=sched.routed
// Softmax of 2 rows of 4001 f16 on one core as ktc-path-expand leaves it
// (shared_words.mlir's input): row 1 starts inside a 64-byte word, so
// every DMA of the row is widened to the words around it, at `mod`
// subscripts that coarsening cannot read. misaligned-rows: the row loop
// is not the point loop (its passes would run uncoarsened, one row after
// the other, on one corelet); tiling takes the passes inside it instead,
// each pass with points of its own (the exponentials' 10 blocks of 384
// and 2 of 64, the division's) a tile loop of its own, inside the row loop.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @softmax_2x4001(%out: index, %in: index) attributes {grid = [1]} {
      %tile = ktdp.get_compute_tile_id : index
      %c1 = arith.constant 1 : index
      %per = arith.constant 2 : index
      %start = arith.muli %tile, %per : index
      %end = arith.addi %start, %per : index
      scf.for %row = %start to %end step %c1 {
        call @local_schedule_0(%in, %out, %row) : (index, index, index) -> ()
      }
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%in: index, %out: index, %row: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %X = ktdp.construct_memory_view %in, sizes: [2, 4001], strides: [4001, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 4000 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x4001xf16>
      %Y = ktdp.construct_memory_view %out, sizes: [2, 4001], strides: [4001, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 4000 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x4001xf16>
      %X_DDR = memref.memory_space_cast %X : memref<2x4001xf16> to memref<2x4001xf16, "DDR">
      %c4001 = arith.constant 4001 : index
      %0 = arith.muli %row, %c4001 : index
      %tx = memref.reinterpret_cast %X_DDR to offset: [%0], sizes: [1, 4001], strides: [4001, 1] : memref<2x4001xf16, "DDR"> to memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">
      %max_buf = memref.alloc() : memref<1xf16, "L1">
      %e_buf = memref.alloc() : memref<1x4001xf16, "L1">
      %sum_buf = memref.alloc() : memref<1xf16, "L1">
      %Y_DDR = memref.memory_space_cast %Y : memref<2x4001xf16> to memref<2x4001xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [%0], sizes: [1, 4001], strides: [4001, 1] : memref<2x4001xf16, "DDR"> to memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">
      ktdf.pipeline {
        %p:7 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x4032xf16, "L1">, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x4032xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x4032xf16, "L1">, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#6) {
          ktdf.data_transfer from %tx[0, -(%0 mod 32)] size [1, 4032] to %p#5[0, 0] size [1, 4032] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<1x4032xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, %0 mod 32] size [1, 4001] to %p size [1, 4001] : memref<1x4032xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 4001xf16> -> tensor<1x4001xf16>
          %ninf = arith.constant 0xFC00 : f16
          %init = tensor.splat %ninf : tensor<1xf16>
          %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x4001xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in_1: f16, %out_1: f16):
            %1 = arith.maxnumf %out_1, %in_1 : f16
            linalg.yield %1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %max, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %max_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      %c3840 = arith.constant 3840 : index
      %c384 = arith.constant 384 : index
      scf.for %i1 = %c0 to %c3840 step %c384 {
        %2 = arith.subi %i1, %c0 : index
        %3 = arith.constant 6 : index
        %4 = arith.divsi %2, %c384 : index
        %ph = arith.remsi %4, %3 : index
        ktdf.pipeline modulo(size : 6) {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x416xf16, "L1">, !ktdf.token) {
            %5:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>
            %6 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<6x1x416xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %5, %5#1, %6, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x416xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %tx[0, %i1 - (%0 + %i1) mod 32] size [1, 416] to %p#6[%ph, 0, 0] size [1, 1, 416] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<6x1x416xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[%ph, 0, (%0 + %i1) mod 32] size [1, 1, 384] to %p size [1, 384] : memref<6x1x416xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>
            ktdf.data_transfer from %max_buf[0] size [1] to %p#1 size [384] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 384xf16> -> tensor<1x384xf16>
            %max = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 384xf16> -> tensor<384xf16>
            %empty = tensor.empty() : tensor<1x384xf16>
            %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<1x384xf16>, tensor<384xf16>) outs(%empty : tensor<1x384xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %7 = arith.subf %in_1, %in_2 : f16
              %8 = math.exp %7 : f16
              linalg.yield %8 : f16
            } -> tensor<1x384xf16>
            ktdf.write_to_fifo %e, %p#2 : tensor<1x384xf16>, <"SFU" -> "L1SU", 384xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 384] to %e_buf[0, %i1] size [1, 384] : !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>, memref<1x4001xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      %c3968 = arith.constant 3968 : index
      %c64 = arith.constant 64 : index
      scf.for %i1 = %c3840 to %c3968 step %c64 {
        %9 = arith.subi %i1, %c3840 : index
        %10 = arith.constant 6 : index
        %11 = arith.divsi %9, %c64 : index
        %ph = arith.remsi %11, %10 : index
        ktdf.pipeline modulo(size : 6) {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x96xf16, "L1">, !ktdf.token) {
            %12:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %13 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<6x1x96xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %12, %12#1, %13, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x96xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %tx[0, %i1 - (%0 + %i1) mod 32] size [1, 96] to %p#6[%ph, 0, 0] size [1, 1, 96] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<6x1x96xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[%ph, 0, (%0 + %i1) mod 32] size [1, 1, 64] to %p size [1, 64] : memref<6x1x96xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %max_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %max = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %14 = arith.subf %in_1, %in_2 : f16
              %15 = math.exp %14 : f16
              linalg.yield %15 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %e, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 64] to %e_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x4001xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      %c33 = arith.constant 33 : index
      scf.for %i1 = %c3968 to %c4001 step %c33 {
        ktdf.pipeline {
          %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
            %16:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>
            %17 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %16, %16#1, %17, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#7) {
            ktdf.data_transfer from %tx[0, %i1 - (%0 + %i1) mod 32] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#3) {
            ktdf.data_transfer from %p#6[0, (%0 + %i1) mod 32] size [1, 33] to %p size [1, 33] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>
            ktdf.data_transfer from %max_buf[0] size [1] to %p#1 size [33] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 33xf16> -> tensor<1x33xf16>
            %max = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 33xf16> -> tensor<33xf16>
            %empty = tensor.empty() : tensor<1x33xf16>
            %e = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<1x33xf16>, tensor<33xf16>) outs(%empty : tensor<1x33xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %18 = arith.subf %in_1, %in_2 : f16
              %19 = math.exp %18 : f16
              linalg.yield %19 : f16
            } -> tensor<1x33xf16>
            ktdf.write_to_fifo %e, %p#2 : tensor<1x33xf16>, <"SFU" -> "L1SU", 33xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#5) {
            ktdf.data_transfer from %p#2 size [1, 33] to %e_buf[0, %i1] size [1, 33] : !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>, memref<1x4001xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          ktdf.data_transfer from %e_buf[0, 0] size [1, 4001] to %p size [1, 4001] : memref<1x4001xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 4001xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 4001xf16> -> tensor<1x4001xf16>
          %zero = arith.constant 0.0 : f16
          %init = tensor.splat %zero : tensor<1xf16>
          %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<1x4001xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in_1: f16, %out_1: f16):
            %20 = arith.addf %out_1, %in_1 : f16
            linalg.yield %20 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %sum, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %sum_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      scf.for %i1 = %c0 to %c3840 step %c384 {
        %21 = arith.subi %i1, %c0 : index
        %22 = arith.constant 6 : index
        %23 = arith.divsi %21, %c384 : index
        %ph = arith.remsi %23, %22 : index
        ktdf.pipeline modulo(size : 6) {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x416xf16, "L1">, !ktdf.token, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<6x1x416xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x416xf16, "L1">, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#3) {
            ktdf.data_transfer from %e_buf[0, %i1] size [1, 384] to %p size [1, 384] : memref<1x4001xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>
            ktdf.data_transfer from %sum_buf[0] size [1] to %p#1 size [384] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 384xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 384xf16> -> tensor<1x384xf16>
            %sum = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 384xf16> -> tensor<384xf16>
            %empty = tensor.empty() : tensor<1x384xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %sum : tensor<1x384xf16>, tensor<384xf16>) outs(%empty : tensor<1x384xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %24 = arith.divf %in_1, %in_2 : f16
              linalg.yield %24 : f16
            } -> tensor<1x384xf16>
            ktdf.write_to_fifo %y, %p#2 : tensor<1x384xf16>, <"SFU" -> "L1SU", 384xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#8) {
            ktdf.data_transfer from %ty[0, %i1 - (%0 + %i1) mod 32] size [1, 416] to %p#6[%ph, 0, 0] size [1, 1, 416] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<6x1x416xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#7) {
            ktdf.data_transfer from %p#2 size [1, 384] to %p#6[%ph, 0, (%0 + %i1) mod 32] size [1, 1, 384] : !ktdf.fifo.slot<"SFU" -> "L1SU", 384xf16>, memref<6x1x416xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#5) {
            ktdf.data_transfer from %p#6[%ph, 0, 0] size [1, 1, 416] to %ty[0, %i1 - (%0 + %i1) mod 32] size [1, 416] : memref<6x1x416xf16, "L1">, memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %i1 = %c3840 to %c3968 step %c64 {
        %25 = arith.subi %i1, %c3840 : index
        %26 = arith.constant 6 : index
        %27 = arith.divsi %25, %c64 : index
        %ph = arith.remsi %27, %26 : index
        ktdf.pipeline modulo(size : 6) {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x96xf16, "L1">, !ktdf.token, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<6x1x96xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<6x1x96xf16, "L1">, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#3) {
            ktdf.data_transfer from %e_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x4001xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            ktdf.data_transfer from %sum_buf[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %sum = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            %empty = tensor.empty() : tensor<1x64xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %sum : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %28 = arith.divf %in_1, %in_2 : f16
              linalg.yield %28 : f16
            } -> tensor<1x64xf16>
            ktdf.write_to_fifo %y, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#8) {
            ktdf.data_transfer from %ty[0, %i1 - (%0 + %i1) mod 32] size [1, 96] to %p#6[%ph, 0, 0] size [1, 1, 96] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<6x1x96xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#7) {
            ktdf.data_transfer from %p#2 size [1, 64] to %p#6[%ph, 0, (%0 + %i1) mod 32] size [1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<6x1x96xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#5) {
            ktdf.data_transfer from %p#6[%ph, 0, 0] size [1, 1, 96] to %ty[0, %i1 - (%0 + %i1) mod 32] size [1, 96] : memref<6x1x96xf16, "L1">, memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      scf.for %i1 = %c3968 to %c4001 step %c33 {
        ktdf.pipeline {
          %p:9 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, !ktdf.token) {
            %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            %buf = memref.alloc() : memref<1x64xf16, "L1">
            %tok_3 = ktdf.create_token : !ktdf.token
            %tok_4 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#3) {
            ktdf.data_transfer from %e_buf[0, %i1] size [1, 33] to %p size [1, 33] : memref<1x4001xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>
            ktdf.data_transfer from %sum_buf[0] size [1] to %p#1 size [33] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 33xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            %e = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 33xf16> -> tensor<1x33xf16>
            %sum = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 33xf16> -> tensor<33xf16>
            %empty = tensor.empty() : tensor<1x33xf16>
            %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e, %sum : tensor<1x33xf16>, tensor<33xf16>) outs(%empty : tensor<1x33xf16>) {
            ^bb0(%in_1: f16, %in_2: f16, %out_1: f16):
              %29 = arith.divf %in_1, %in_2 : f16
              linalg.yield %29 : f16
            } -> tensor<1x33xf16>
            ktdf.write_to_fifo %y, %p#2 : tensor<1x33xf16>, <"SFU" -> "L1SU", 33xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#4) depends_out(%p#8) {
            ktdf.data_transfer from %ty[0, %i1 - (%0 + %i1) mod 32] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
          } {applicable_units = ["MNILU"]}
          ktdf.stage depends_in(%p#8) depends_out(%p#7) {
            ktdf.data_transfer from %p#2 size [1, 33] to %p#6[0, (%0 + %i1) mod 32] size [1, 33] : !ktdf.fifo.slot<"SFU" -> "L1SU", 33xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
          ktdf.stage depends_in(%p#7) depends_out(%p#5) {
            ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %ty[0, %i1 - (%0 + %i1) mod 32] size [1, 64] : memref<1x64xf16, "L1">, memref<1x4001xf16, strided<[4001, 1], offset: ?>, "DDR">
          } {applicable_units = ["MNISU"]}
        }
      } {loop_type = #ktdf.loop_type<parallel_loop>}
      return
    }
  }
}
