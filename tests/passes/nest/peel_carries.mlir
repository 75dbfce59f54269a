// RUN: ktc-nest
// PARSE: --device=spyre --stage=sched.routed
// peel-carries: a compute stage's loops carrying vectors. The first, a
// row's sum and sum of squares over 4 chunks, starts both from a zero fill
// (ktc-codegen's one shared constant register, which it copied into each
// sum's register at every entry): its first iteration runs before it, on
// the zeros, and the loop runs chunks 1 to 3 from what that made. The
// second starts from a chunk received just before it, which nothing else
// reads (ktc-codegen makes the loop's register of it): left as it is. The
// third, of one trip from the zeros, goes: its iteration runs in its place.
module {
  module {
    func.func @sums(%x: index) attributes {grid = [1]} {
      call @local_schedule_0(%x) : (index) -> ()
      return
    }
    func.func private @local_schedule_0(index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index) attributes {grid = [1]} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %row = memref.alloc() : memref<4x64xf16, "L1">
      %out = memref.alloc() : memref<4x64xf16, "L1">
      ktdf.pipeline {
        %p:5 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token) {
          %in = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          %res = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %in, %res, %tok, %tok_1, %tok_2 : !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, !ktdf.token, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#2) {
          scf.for %k = %c0 to %c4 step %c1 {
            ktdf.data_transfer from %row[%k, 0] size [1, 64] to %p size [1, 64] : memref<4x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          }
          scf.for %k = %c0 to %c4 step %c1 {
            ktdf.data_transfer from %row[%k, 0] size [1, 64] to %p size [1, 64] : memref<4x64xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 64xf16>
          }
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %empty = tensor.empty() : tensor<1x64xf16>
          %zero = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%empty : tensor<1x64xf16>) {
          ^bb0(%o: f16):
            %z = arith.constant 0.0 : f16
            linalg.yield %z : f16
          } -> tensor<1x64xf16>
          %s:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %zero, %b = %zero) -> (tensor<1x64xf16>, tensor<1x64xf16>) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %e = tensor.empty() : tensor<1x64xf16>
            %na = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
            ^bb0(%i0: f16, %i1: f16, %o: f16):
              %t = arith.addf %i0, %i1 : f16
              linalg.yield %t : f16
            } -> tensor<1x64xf16>
            %nb = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
            ^bb0(%i0: f16, %i1: f16, %o: f16):
              %q = arith.mulf %i1, %i1 : f16
              %t = arith.addf %i0, %q : f16
              linalg.yield %t : f16
            } -> tensor<1x64xf16>
            scf.yield %na, %nb : tensor<1x64xf16>, tensor<1x64xf16>
          }
          ktdf.write_to_fifo %s#0, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          ktdf.write_to_fifo %s#1, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          %first = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
          %m = scf.for %k = %c1 to %c4 step %c1 iter_args(%a = %first) -> (tensor<1x64xf16>) {
            %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 64xf16> -> tensor<1x64xf16>
            %e = tensor.empty() : tensor<1x64xf16>
            %na = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %v : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
            ^bb0(%i0: f16, %i1: f16, %o: f16):
              %t = arith.maximumf %i0, %i1 : f16
              linalg.yield %t : f16
            } -> tensor<1x64xf16>
            scf.yield %na : tensor<1x64xf16>
          }
          ktdf.write_to_fifo %m, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
          %once = scf.for %k = %c0 to %c1 step %c1 iter_args(%a = %zero) -> (tensor<1x64xf16>) {
            %e = tensor.empty() : tensor<1x64xf16>
            %na = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %m : tensor<1x64xf16>, tensor<1x64xf16>) outs(%e : tensor<1x64xf16>) {
            ^bb0(%i0: f16, %i1: f16, %o: f16):
              %t = arith.subf %i0, %i1 : f16
              linalg.yield %t : f16
            } -> tensor<1x64xf16>
            scf.yield %na : tensor<1x64xf16>
          }
          ktdf.write_to_fifo %once, %p#1 : tensor<1x64xf16>, <"SFU" -> "L1SU", 64xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#4) {
          scf.for %k = %c0 to %c4 step %c1 {
            ktdf.data_transfer from %p#1 size [1, 64] to %out[%k, 0] size [1, 64] : !ktdf.fifo.slot<"SFU" -> "L1SU", 64xf16>, memref<4x64xf16, "L1">
          }
        } {applicable_units = ["L1SU"]}
      }
      return
    }
  }
}
