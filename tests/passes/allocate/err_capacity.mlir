// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.routed
// A staging buffer of one 1M-element f16 row (2 MiB) in the sample device's
// 1 MiB L1, after a 128-byte one: the error names the buffer, its size and
// the capacity, at the buffer's source location.
module {
  func.func @too_big() attributes {grid = [1]} {
    ktdf.pipeline {
      %p:2 = ktdf.private -> (memref<1x64xf16, "L1">, memref<1x1048576xf16, "L1">) {
        %small = memref.alloc() : memref<1x64xf16, "L1">
        %row = memref.alloc() : memref<1x1048576xf16, "L1">
        ktdf.private_yield %small, %row : memref<1x64xf16, "L1">, memref<1x1048576xf16, "L1">
      }
    }
    return
  }
}
