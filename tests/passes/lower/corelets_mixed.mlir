// RUN: ktc-lower
// PARSE: --device=spyre --stage=sched.allocated
// Stages split over the corelets and stages left whole in one kernel
// (tests/passes/codegen/corelets_carried.mlir as ktc-allocate leaves it):
// L1LU, SFU and L1SU run on both corelets; a stage outside every
// ktdf.parallel (the remainder loops, the sum, the splat) runs in a
// loop of one iteration on corelet 0 and none on corelet 1 (the units of
// the kind list corelet 0's first); a signal between a split stage and a
// whole one goes from every corelet of one side to every corelet of the
// other. The MNILU's back signal of the remainder loops is awaited before
// the first of them in the next row, not at the row's end, so the DMA
// loads the next row's first pass meanwhile (one credit before the row
// loop, drained after it). The first pass's ktdf.parallel (the vectors of
// a block) sits in the loop over the blocks: the accumulator's boxes meet
// in no two of its iterations, so the back signal from L1SU to L1LU goes
// once per block (the loop that carries it), not once per vector.
// The remainder loops' stores of the accumulator (L1SU, corelet 0) follow
// its split stores (L1SU, both corelets): a unit does not signal its own
// kind, so the SFU feeding the remainder's stores waits for every L1SU
// (channel 0) and they follow it through the FIFO.
module {
  ktdf_arch.device @spyre import("ktc:spyre")
  module {
    func.func @carried(%X: index, %Y: index, %B: index) attributes {grid = [1]} {
      call @local_schedule_0(%X, %Y, %B) : (index, index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%X: index, %Y: index, %B: index) attributes {grid = [1]} {
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %addr = arith.constant 0 : index
      %splat = builtin.unrealized_conversion_cast %addr : index to memref<1x64xf16, "L1">
      %addr_1 = arith.constant 128 : index
      %splat_1 = builtin.unrealized_conversion_cast %addr_1 : index to memref<2x64xf16, "L1">
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c1 = arith.constant 1 : index
      %c512 = arith.constant 512 : index
      %Xv = ktdp.construct_memory_view %X, sizes: [2, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x512xf16>
      %Yv = ktdp.construct_memory_view %Y, sizes: [2, 512], strides: [512, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 511 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<2x512xf16>
      %addr_2 = arith.constant 384 : index
      %acc_buf = builtin.unrealized_conversion_cast %addr_2 : index to memref<1x128xf16, "L1">
      %Xv_DDR = memref.memory_space_cast %Xv : memref<2x512xf16> to memref<2x512xf16, "DDR">
      %addr_3 = arith.constant 640 : index
      %s_buf = builtin.unrealized_conversion_cast %addr_3 : index to memref<1xf16, "L1">
      %Yv_DDR = memref.memory_space_cast %Yv : memref<2x512xf16> to memref<2x512xf16, "DDR">
      %addr_4 = arith.constant 768 : index
      %tile_in = builtin.unrealized_conversion_cast %addr_4 : index to memref<2x4x2x1x64xf16, "L1">
      %addr_5 = arith.constant 2816 : index
      %tile_in_1 = builtin.unrealized_conversion_cast %addr_5 : index to memref<2x4x2x1x64xf16, "L1">
      %addr_6 = arith.constant 4864 : index
      %tile_out = builtin.unrealized_conversion_cast %addr_6 : index to memref<2x4x2x1x64xf16, "L1">
      scf.for %row = %c0 to %c2 step %c1 {
        scf.for %t = %c0 to %c1 step %c1 {
          ktdf.parallel (%i, %inst) = (%c0) to (%c2) step (%c1) distribute(num_instances = 2) {
            %0 = arith.muli %t, %c2 : index
            %i1 = arith.addi %0, %i : index
            %i1_1 = arith.muli %i1, %c64 : index
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
                  %1 = arith.constant 0.0 : f16
                  linalg.yield %1 : f16
                } -> tensor<1x64xf16>
                ktdf.write_to_fifo %copy, %p : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
              } {applicable_units = ["SFU"]}
              ktdf.stage depends_in(%p#1) depends_out(%p#2) {
                ktdf.data_transfer from %p size [1, 64] to %acc_buf[0, %i1_1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
              } {applicable_units = ["L1SU"]}
            }
            ktdf.parallel_yield
          }
        } {loop_type = #ktdf.loop_type<tile_loop>}
        %2 = arith.subi %B, %c1 : index
        %3 = arith.addi %c512, %2 : index
        %4 = arith.divsi %3, %B : index
        %5 = arith.divui %4, %c4 : index
        scf.for %t = %c0 to %5 step %c1 {
          %6 = arith.muli %t, %c4 : index
          %7 = arith.muli %row, %c512 : index
          %8 = arith.muli %6, %B : index
          %9 = arith.addi %7, %8 : index
          %t_1 = memref.reinterpret_cast %Xv_DDR to offset: [%9], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %10 = arith.addi %6, %c1 : index
          %11 = arith.muli %10, %B : index
          %12 = arith.addi %7, %11 : index
          %t_2 = memref.reinterpret_cast %Xv_DDR to offset: [%12], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %13 = arith.addi %6, %c2 : index
          %14 = arith.muli %13, %B : index
          %15 = arith.addi %7, %14 : index
          %t_3 = memref.reinterpret_cast %Xv_DDR to offset: [%15], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %16 = arith.addi %6, %c3 : index
          %17 = arith.muli %16, %B : index
          %18 = arith.addi %7, %17 : index
          %t_4 = memref.reinterpret_cast %Xv_DDR to offset: [%18], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %ph = ktdf.buffer_phase(%row, %t) {num_phases = 2 : i64} : index
          ktdf.pipeline modulo(size : 2) {
            %19:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
              %20 = ktdf.create_token : !ktdf.token
              %21 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %20, %21 : !ktdf.token, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%19) {
              ktdf.data_transfer from %t_1[0, 0] size [2, 64] to %tile_in[%ph, 0, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
              ktdf.data_transfer from %t_2[0, 0] size [2, 64] to %tile_in[%ph, 1, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
              ktdf.data_transfer from %t_3[0, 0] size [2, 64] to %tile_in[%ph, 2, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
              ktdf.data_transfer from %t_4[0, 0] size [2, 64] to %tile_in[%ph, 3, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%19) depends_out(%19#1) {
              scf.for %i = %c0 to %c4 step %c1 {
                %c2_1 = arith.constant 2 : index
                %c0_1 = arith.constant 0 : index
                %c1_1 = arith.constant 1 : index
                ktdf.parallel (%i_1, %inst) = (%c0_1) to (%c2_1) step (%c1_1) distribute(num_instances = 2) {
                  %c64_1 = arith.constant 64 : index
                  %i1 = arith.muli %i_1, %c64_1 : index
                  ktdf.pipeline {
                    %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                      %22:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                      %23 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                      %tok = ktdf.create_token : !ktdf.token
                      %tok_1 = ktdf.create_token : !ktdf.token
                      %tok_2 = ktdf.create_token : !ktdf.token
                      ktdf.private_yield %22, %22#1, %23, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                    }
                    ktdf.stage depends_in(none) depends_out(%p#3) {
                      ktdf.data_transfer from %acc_buf[0, %i1] size [1, 64] to %p size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                      ktdf.data_transfer from %tile_in[%ph, %i, %i_1, 0, 0] size [1, 1, 1, 1, 64] to %p#1 size [1, 64] : memref<2x4x2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                    } {applicable_units = ["L1LU"]}
                    ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                      %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                      %x = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                      %empty = tensor.empty() : tensor<1x64xf16>
                      %a2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %x : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
                      ^bb0(%in: f16, %in_1: f16, %out: f16):
                        %24 = arith.addf %in, %in_1 : f16
                        linalg.yield %24 : f16
                      } -> tensor<1x64xf16>
                      ktdf.write_to_fifo %a2, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                    } {applicable_units = ["SFU"]}
                    ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                      ktdf.data_transfer from %p#2 size [1, 64] to %acc_buf[0, %i1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
                    } {applicable_units = ["L1SU"]}
                  }
                  ktdf.parallel_yield
                }
              }
            } {applicable_units = ["L1LU", "SFU", "L1SU"]}
          }
        } {loop_type = #ktdf.loop_type<tile_loop>}
        %25 = arith.muli %5, %c4 : index
        %26 = arith.subi %4, %25 : index
        scf.for %i = %c0 to %26 step %c1 {
          %27 = arith.muli %5, %c4 : index
          %col = arith.addi %27, %i : index
          %col_1 = arith.muli %col, %B : index
          %28 = arith.muli %row, %c512 : index
          %29 = arith.addi %col_1, %28 : index
          %t = memref.reinterpret_cast %Xv_DDR to offset: [%29], sizes: [1, 128], strides: [512, 1] : memref<2x512xf16, "DDR"> to memref<1x128xf16, strided<[512, 1], offset: ?>, "DDR">
          scf.for %i1 = %c0 to %c2 step %c1 {
            %i1_1 = arith.muli %i1, %c64 : index
            ktdf.pipeline {
              %p:8 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
                %30:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                %31 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                %tok = ktdf.create_token : !ktdf.token
                %tok_1 = ktdf.create_token : !ktdf.token
                %tok_2 = ktdf.create_token : !ktdf.token
                %addr_7 = arith.constant 6912 : index
                %buf = builtin.unrealized_conversion_cast %addr_7 : index to memref<1x64xf16, "L1">
                %tok_3 = ktdf.create_token : !ktdf.token
                ktdf.private_yield %30, %30#1, %31, %tok, %tok_1, %tok_2, %buf, %tok_3 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
              }
              ktdf.stage depends_in(none) depends_out(%p#7) {
                ktdf.data_transfer from %t[0, %i1_1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x128xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              } {applicable_units = ["MNILU"]}
              ktdf.stage depends_in(%p#7) depends_out(%p#3) {
                ktdf.data_transfer from %acc_buf[0, %i1_1] size [1, 64] to %p size [1, 64] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p#1 size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              } {applicable_units = ["L1LU"]}
              ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                %a = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                %x = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                %empty = tensor.empty() : tensor<1x64xf16>
                %a2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %x : tensor<1x64xf16>, tensor<1x64xf16>) outs(%empty : tensor<1x64xf16>) {
                ^bb0(%in: f16, %in_1: f16, %out: f16):
                  %32 = arith.addf %in, %in_1 : f16
                  linalg.yield %32 : f16
                } -> tensor<1x64xf16>
                ktdf.write_to_fifo %a2, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
              } {applicable_units = ["SFU"]}
              ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                ktdf.data_transfer from %p#2 size [1, 64] to %acc_buf[0, %i1_1] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x128xf16, "L1">
              } {applicable_units = ["L1SU"]}
            }
          } {loop_type = #ktdf.loop_type<parallel_loop>}
        } {loop_type = #ktdf.loop_type<remainder_loop>}
        ktdf.pipeline {
          %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>
            %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
            %tok = ktdf.create_token : !ktdf.token
            %tok_1 = ktdf.create_token : !ktdf.token
            %tok_2 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%p#2) {
            ktdf.data_transfer from %acc_buf[0, 0] size [1, 128] to %p size [1, 128] : memref<1x128xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 128xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%p#2) depends_out(%p#3) {
            %acc = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 128xf16> -> tensor<1x128xf16>
            %z = arith.constant 0.0 : f16
            %init = tensor.splat %z : tensor<1xf16>
            %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%acc : tensor<1x128xf16>) outs(%init : tensor<1xf16>) {
            ^bb0(%in: f16, %out: f16):
              %33 = arith.addf %out, %in : f16
              linalg.yield %33 : f16
            } -> tensor<1xf16>
            ktdf.write_to_fifo %s, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%p#3) depends_out(%p#4) {
            ktdf.data_transfer from %p#1 size [1] to %s_buf[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<1xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
        %34 = arith.subi %B, %c1 : index
        %35 = arith.addi %c512, %34 : index
        %36 = arith.divsi %35, %B : index
        %37 = arith.divui %36, %c4 : index
        scf.for %t = %c0 to %37 step %c1 {
          %38 = arith.muli %t, %c4 : index
          %39 = arith.muli %row, %c512 : index
          %40 = arith.muli %38, %B : index
          %41 = arith.addi %39, %40 : index
          %t_1 = memref.reinterpret_cast %Xv_DDR to offset: [%41], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %42 = arith.addi %38, %c1 : index
          %43 = arith.muli %42, %B : index
          %44 = arith.addi %39, %43 : index
          %t_2 = memref.reinterpret_cast %Xv_DDR to offset: [%44], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %45 = arith.addi %38, %c2 : index
          %46 = arith.muli %45, %B : index
          %47 = arith.addi %39, %46 : index
          %t_3 = memref.reinterpret_cast %Xv_DDR to offset: [%47], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %48 = arith.addi %38, %c3 : index
          %49 = arith.muli %48, %B : index
          %50 = arith.addi %39, %49 : index
          %t_4 = memref.reinterpret_cast %Xv_DDR to offset: [%50], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %51 = arith.muli %row, %c512 : index
          %52 = arith.muli %38, %B : index
          %53 = arith.addi %51, %52 : index
          %u = memref.reinterpret_cast %Yv_DDR to offset: [%53], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %54 = arith.addi %38, %c1 : index
          %55 = arith.muli %54, %B : index
          %56 = arith.addi %51, %55 : index
          %u_1 = memref.reinterpret_cast %Yv_DDR to offset: [%56], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %57 = arith.addi %38, %c2 : index
          %58 = arith.muli %57, %B : index
          %59 = arith.addi %51, %58 : index
          %u_2 = memref.reinterpret_cast %Yv_DDR to offset: [%59], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %60 = arith.addi %38, %c3 : index
          %61 = arith.muli %60, %B : index
          %62 = arith.addi %51, %61 : index
          %u_3 = memref.reinterpret_cast %Yv_DDR to offset: [%62], sizes: [2, 64], strides: [64, 1] : memref<2x512xf16, "DDR"> to memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
          %ph = ktdf.buffer_phase(%row, %t) {num_phases = 2 : i64} : index
          ktdf.pipeline modulo(size : 2) {
            %63:3 = ktdf.private -> (!ktdf.token, !ktdf.token, !ktdf.token) {
              %64 = ktdf.create_token : !ktdf.token
              %65 = ktdf.create_token : !ktdf.token
              %66 = ktdf.create_token : !ktdf.token
              ktdf.private_yield %64, %65, %66 : !ktdf.token, !ktdf.token, !ktdf.token
            }
            ktdf.stage depends_in(none) depends_out(%63) {
              ktdf.data_transfer from %t_1[0, 0] size [2, 64] to %tile_in_1[%ph, 0, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
              ktdf.data_transfer from %t_2[0, 0] size [2, 64] to %tile_in_1[%ph, 1, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
              ktdf.data_transfer from %t_3[0, 0] size [2, 64] to %tile_in_1[%ph, 2, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
              ktdf.data_transfer from %t_4[0, 0] size [2, 64] to %tile_in_1[%ph, 3, 0, 0, 0] size [1, 1, 2, 1, 64] : memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">, memref<2x4x2x1x64xf16, "L1">
            } {applicable_units = ["MNILU"]}
            ktdf.stage depends_in(%63) depends_out(%63#1) {
              ktdf.parallel (%i, %inst) = (%c0) to (%c4) step (%c1) distribute(num_instances = 2) {
                %c2_1 = arith.constant 2 : index
                %c0_1 = arith.constant 0 : index
                %c1_1 = arith.constant 1 : index
                ktdf.pipeline {
                  %sp:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                    %67 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                    %68 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                    %69 = ktdf.create_token : !ktdf.token
                    %70 = ktdf.create_token : !ktdf.token
                    %71 = ktdf.create_token : !ktdf.token
                    ktdf.private_yield %67, %68, %69, %70, %71 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                  }
                  ktdf.stage depends_in(none) depends_out(%sp#2) {
                    ktdf.data_transfer from %s_buf[0] size [1] to %sp size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                  } {applicable_units = ["L1LU"]}
                  ktdf.stage depends_in(%sp#2) depends_out(%sp#3) {
                    %72 = ktdf.read_from_fifo %sp : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                    ktdf.write_to_fifo %72, %sp#1 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
                  } {applicable_units = ["SFU"]}
                  ktdf.stage depends_in(%sp#3) depends_out(%sp#4) {
                    ktdf.data_transfer from %sp#1 size [64] to %splat_1[%inst, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x64xf16, "L1">
                  } {applicable_units = ["L1SU"]}
                }
                scf.for %i1 = %c0_1 to %c2_1 step %c1_1 {
                  ktdf.pipeline {
                    %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
                      %73:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                      %74 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                      %tok = ktdf.create_token : !ktdf.token
                      %tok_1 = ktdf.create_token : !ktdf.token
                      %tok_2 = ktdf.create_token : !ktdf.token
                      ktdf.private_yield %73, %73#1, %74, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
                    }
                    ktdf.stage depends_in(none) depends_out(%p#3) {
                      ktdf.data_transfer from %tile_in_1[%ph, %i, %i1, 0, 0] size [1, 1, 1, 1, 64] to %p size [1, 64] : memref<2x4x2x1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                      ktdf.data_transfer from %splat_1[%inst, 0] size [1, 64] to %p#1 size [64] : memref<2x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                    } {applicable_units = ["L1LU"]}
                    ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                      %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                      %s = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                      %empty = tensor.empty() : tensor<1x64xf16>
                      %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
                      ^bb0(%in: f16, %in_1: f16, %out: f16):
                        %75 = arith.subf %in, %in_1 : f16
                        linalg.yield %75 : f16
                      } -> tensor<1x64xf16>
                      ktdf.write_to_fifo %y, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
                    } {applicable_units = ["SFU"]}
                    ktdf.stage depends_in(%p#4) depends_out(%p#5) {
                      ktdf.data_transfer from %p#2 size [1, 64] to %tile_out[%ph, %i, %i1, 0, 0] size [1, 1, 1, 1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<2x4x2x1x64xf16, "L1">
                    } {applicable_units = ["L1SU"]}
                  }
                } {loop_type = #ktdf.loop_type<parallel_loop>}
                ktdf.parallel_yield
              }
            } {applicable_units = ["L1LU", "SFU", "L1SU"]}
            ktdf.stage depends_in(%63#1) depends_out(%63#2) {
              ktdf.data_transfer from %tile_out[%ph, 0, 0, 0, 0] size [1, 1, 2, 1, 64] to %u[0, 0] size [2, 64] : memref<2x4x2x1x64xf16, "L1">, memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
              ktdf.data_transfer from %tile_out[%ph, 1, 0, 0, 0] size [1, 1, 2, 1, 64] to %u_1[0, 0] size [2, 64] : memref<2x4x2x1x64xf16, "L1">, memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
              ktdf.data_transfer from %tile_out[%ph, 2, 0, 0, 0] size [1, 1, 2, 1, 64] to %u_2[0, 0] size [2, 64] : memref<2x4x2x1x64xf16, "L1">, memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
              ktdf.data_transfer from %tile_out[%ph, 3, 0, 0, 0] size [1, 1, 2, 1, 64] to %u_3[0, 0] size [2, 64] : memref<2x4x2x1x64xf16, "L1">, memref<2x64xf16, strided<[64, 1], offset: ?>, "DDR">
            } {applicable_units = ["MNISU"]}
          }
        } {loop_type = #ktdf.loop_type<tile_loop>}
        %76 = arith.muli %37, %c4 : index
        %77 = arith.subi %36, %76 : index
        ktdf.pipeline {
          %sp:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
            %78 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
            %79 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
            %80 = ktdf.create_token : !ktdf.token
            %81 = ktdf.create_token : !ktdf.token
            %82 = ktdf.create_token : !ktdf.token
            ktdf.private_yield %78, %79, %80, %81, %82 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
          }
          ktdf.stage depends_in(none) depends_out(%sp#2) {
            ktdf.data_transfer from %s_buf[0] size [1] to %sp size [64] {transfer_mode = "splat"} : memref<1xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          } {applicable_units = ["L1LU"]}
          ktdf.stage depends_in(%sp#2) depends_out(%sp#3) {
            %83 = ktdf.read_from_fifo %sp : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
            ktdf.write_to_fifo %83, %sp#1 : tensor<64xf16>, <"SFU" -> "L1SU", 64xf16>
          } {applicable_units = ["SFU"]}
          ktdf.stage depends_in(%sp#3) depends_out(%sp#4) {
            ktdf.data_transfer from %sp#1 size [64] to %splat[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
          } {applicable_units = ["L1SU"]}
        }
        scf.for %i = %c0 to %77 step %c1 {
          %84 = arith.muli %37, %c4 : index
          %col = arith.addi %84, %i : index
          %col_1 = arith.muli %col, %B : index
          %85 = arith.muli %row, %c512 : index
          %86 = arith.addi %col_1, %85 : index
          %t = memref.reinterpret_cast %Xv_DDR to offset: [%86], sizes: [1, 128], strides: [512, 1] : memref<2x512xf16, "DDR"> to memref<1x128xf16, strided<[512, 1], offset: ?>, "DDR">
          %u = memref.reinterpret_cast %Yv_DDR to offset: [%86], sizes: [1, 128], strides: [512, 1] : memref<2x512xf16, "DDR"> to memref<1x128xf16, strided<[512, 1], offset: ?>, "DDR">
          scf.for %i1 = %c0 to %c2 step %c1 {
            %i1_1 = arith.muli %i1, %c64 : index
            ktdf.pipeline {
              %p:10 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token) {
                %87:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                %88 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
                %tok = ktdf.create_token : !ktdf.token
                %tok_1 = ktdf.create_token : !ktdf.token
                %tok_2 = ktdf.create_token : !ktdf.token
                %addr_7 = arith.constant 6912 : index
                %buf = builtin.unrealized_conversion_cast %addr_7 : index to memref<1x64xf16, "L1">
                %tok_3 = ktdf.create_token : !ktdf.token
                %addr_8 = arith.constant 7040 : index
                %buf_1 = builtin.unrealized_conversion_cast %addr_8 : index to memref<1x64xf16, "L1">
                %tok_4 = ktdf.create_token : !ktdf.token
                ktdf.private_yield %87, %87#1, %88, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token, memref<1x64xf16, "L1">, !ktdf.token
              }
              ktdf.stage depends_in(none) depends_out(%p#7) {
                ktdf.data_transfer from %t[0, %i1_1] size [1, 64] to %p#6[0, 0] size [1, 64] : memref<1x128xf16, strided<[512, 1], offset: ?>, "DDR">, memref<1x64xf16, "L1">
              } {applicable_units = ["MNILU"]}
              ktdf.stage depends_in(%p#7) depends_out(%p#3) {
                ktdf.data_transfer from %p#6[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
                ktdf.data_transfer from %splat[0, 0] size [1, 64] to %p#1 size [64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
              } {applicable_units = ["L1LU"]}
              ktdf.stage depends_in(%p#3) depends_out(%p#4) {
                %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
                %s = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
                %empty = tensor.empty() : tensor<1x64xf16>
                %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
                ^bb0(%in: f16, %in_1: f16, %out: f16):
                  %89 = arith.subf %in, %in_1 : f16
                  linalg.yield %89 : f16
                } -> tensor<1x64xf16>
                ktdf.write_to_fifo %y, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
              } {applicable_units = ["SFU"]}
              ktdf.stage depends_in(%p#4) depends_out(%p#9) {
                ktdf.data_transfer from %p#2 size [1, 64] to %p#8[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
              } {applicable_units = ["L1SU"]}
              ktdf.stage depends_in(%p#9) depends_out(%p#5) {
                ktdf.data_transfer from %p#8[0, 0] size [1, 64] to %u[0, %i1_1] size [1, 64] : memref<1x64xf16, "L1">, memref<1x128xf16, strided<[512, 1], offset: ?>, "DDR">
              } {applicable_units = ["MNISU"]}
            }
          } {loop_type = #ktdf.loop_type<parallel_loop>}
        } {loop_type = #ktdf.loop_type<remainder_loop>}
      }
      return
    }
  }
}
