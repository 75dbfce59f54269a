// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.routed
// A buffer whose size is known only at run time gets no address.
module {
  func.func @f(%n: index) attributes {grid = [1]} {
    %b = memref.alloc(%n) : memref<?xf16, "L1">
    return
  }
}
