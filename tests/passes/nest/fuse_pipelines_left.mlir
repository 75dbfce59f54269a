// RUN: ktc-nest --disable=sink --disable=reductions --disable=normalize --disable=tiling --disable=tile-size-selection --disable=coarsening --disable=double-buffering --disable=corelets --disable=splat-hoist --disable=broadcast --disable=register-carry
// PARSE: --device=sample --stage=sched.routed
// fuse-pipelines, what it takes and what it leaves: the first pipeline
// stores a row's max to %t[0], the second loads %t[0] splatted (the same
// element: fused, the splat a broadcast generic of the max on the SFU; its
// load of %x_buf[0, 0], which the first loads too, takes the first's
// vector; the store to %t stays, since the third pipeline reads %t too), the third
// loads %t[1], an element the fused pipeline does not store but another
// of the same buffer: left as it is (its load must wait for the store).
module {
  module {
    func.func @k(%a: index) attributes {grid = [1]} {
      call @local_schedule_0(%a) : (index) -> ()
      return
    }
    func.func private @local_schedule_0(index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%a: index) attributes {grid = [1]} {
      %x_buf = memref.alloc() : memref<1x64xf16, "L1">
      %t = memref.alloc() : memref<2xf16, "L1">
      %y_buf = memref.alloc() : memref<1x64xf16, "L1">
      %z_buf = memref.alloc() : memref<1x64xf16, "L1">
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
          ktdf.data_transfer from %x_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %ninf = arith.constant 0xFC00 : f16
          %init = tensor.splat %ninf : tensor<1xf16>
          %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x64xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %0 = arith.maxnumf %out, %in : f16
            linalg.yield %0 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %max, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          ktdf.data_transfer from %p#1 size [1] to %t[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<2xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#3) {
          ktdf.data_transfer from %x_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %t[0] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<2xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %x = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %m = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %1 = arith.subf %in, %in_1 : f16
            linalg.yield %1 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %y, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1, 64] to %y_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      ktdf.pipeline {
        %p:6 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %fifo:2 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo#1, %fifo_1, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#3) {
          ktdf.data_transfer from %y_buf[0, 0] size [1, 64] to %p size [1, 64] : memref<1x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          ktdf.data_transfer from %t[1] size [1] to %p#1 size [64] {transfer_mode = "splat"} : memref<2xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          %y = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %m = ktdf.read_from_fifo %p#1 : <"L1LU" -> "SFU", 64xf16> -> tensor<64xf16>
          %empty = tensor.empty() : tensor<1x64xf16>
          %z = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y, %m : tensor<1x64xf16>, tensor<64xf16>) outs(%empty : tensor<1x64xf16>) {
          ^bb0(%in: f16, %in_1: f16, %out: f16):
            %2 = arith.mulf %in, %in_1 : f16
            linalg.yield %2 : f16
          } -> tensor<1x64xf16>
          ktdf.write_to_fifo %z, %p#2 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#4) depends_out(%p#5) {
          ktdf.data_transfer from %p#2 size [1, 64] to %z_buf[0, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<1x64xf16, "L1">
        } {applicable_units = ["L1SU"]}
      }
      return
    }
  }
}
