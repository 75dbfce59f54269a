// RUN: ktc-allocate
// PARSE: --device=sample --stage=sched.routed
// Scratchpad is allocated per program: programs run one after the other, so
// @second's buffer starts at 0 again. Device memory persists across
// programs: @second's DDR buffer follows @first's, and both lie above the
// highest byte of the view @first places at a constant address (elements
// 1024..9215 of f16: bytes up to 18432).
module {
  module @first {
    func.func @first() attributes {grid = [1]} {
      %c1024 = arith.constant 1024 : index
      %V = ktdp.construct_memory_view %c1024, sizes: [128, 64], strides: [64, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<128x64xf16>
      %l1 = memref.alloc() : memref<64xf16, "L1">
      %ddr = memref.alloc() : memref<100xf16, "DDR">
      memref.dealloc %l1 : memref<64xf16, "L1">
      return
    }
  }
  module @second {
    func.func @second() attributes {grid = [1]} {
      %l1 = memref.alloc() : memref<32xf32, "L1">
      %ddr = memref.alloc() : memref<64xf16, #ktdp.memory_space<global>>
      return
    }
  }
}
