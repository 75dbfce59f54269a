// RUN: ktc-path-expand
// PARSE: --device=sample --stage=sched.split
// A copy into the SFU's register file: no datapath of the sample device
// leads there from DDR.
module {
  func.func @f(%a: index) attributes {grid = [1]} {
    %A = ktdp.construct_memory_view %a, sizes: [64], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<64xf16>
    %A_m = memref.memory_space_cast %A : memref<64xf16> to memref<64xf16, "DDR">
    ktdf.pipeline {
      %regs = ktdf.private -> (memref<64xf16, "SFU_REG">) {
        %r = memref.alloc() : memref<64xf16, "SFU_REG">
        ktdf.private_yield %r : memref<64xf16, "SFU_REG">
      }
      ktdf.stage depends_in(none) depends_out(none) {
        ktdf.data_transfer from %A_m[0] size [64] to %regs[0] size [64] : memref<64xf16, "DDR">, memref<64xf16, "SFU_REG">
      }
    }
    return
  }
}
