// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.routed
// "HBM" is no memory of the sample device.
module {
  func.func @f() attributes {grid = [1]} {
    %b = memref.alloc() : memref<64xf16, "HBM">
    return
  }
}
