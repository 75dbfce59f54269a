// Named linalg ops in upstream's generic form carry the body their name implies:
// ktc reads it (and drops it: the name says it all) and prints it back in
// generic form, so that upstream mlir-opt can read ktc's generic output.
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: tensor<4x8xf16>, %b: tensor<4x8xf16>, %s: f16, %m: tensor<8x4xf32>):
    %e = "tensor.empty"() : () -> tensor<4x8xf16>
    %0 = "linalg.add"(%a, %b, %e) ({
    ^bb0(%lb.in0: f16, %lb.in1: f16, %lb.out: f16):
      %lb.0 = "arith.addf"(%lb.in0, %lb.in1) : (f16, f16) -> f16
      "linalg.yield"(%lb.0) : (f16) -> ()
    }) {operandSegmentSizes = array<i32: 2, 1>} : (tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
    %1 = "linalg.exp"(%0, %e) ({
    ^bb0(%lb.in0: f16, %lb.out: f16):
      %lb.0 = "math.exp"(%lb.in0) : (f16) -> f16
      "linalg.yield"(%lb.0) : (f16) -> ()
    }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
    %2 = "linalg.fill"(%s, %e) ({
    ^bb0(%lb.in0: f16, %lb.out: f16):
      "linalg.yield"(%lb.in0) : (f16) -> ()
    }) {operandSegmentSizes = array<i32: 1, 1>} : (f16, tensor<4x8xf16>) -> tensor<4x8xf16>
    %3 = "linalg.reciprocal"(%2, %e) ({
    ^bb0(%lb.in0: f16, %lb.out: f16):
      %lb.0 = "arith.constant"() {value = 1.0 : f16} : () -> f16
      %lb.1 = "arith.divf"(%lb.0, %lb.in0) : (f16, f16) -> f16
      "linalg.yield"(%lb.1) : (f16) -> ()
    }) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<4x8xf16>, tensor<4x8xf16>) -> tensor<4x8xf16>
    %f = "tensor.empty"() : () -> tensor<4x4xf32>
    %4 = "linalg.matmul"(%a, %m, %f) ({
    ^bb0(%lb.in0: f16, %lb.in1: f32, %lb.out: f32):
      %lb.0 = "arith.extf"(%lb.in0) : (f16) -> f32
      %lb.1 = "arith.mulf"(%lb.0, %lb.in1) : (f32, f32) -> f32
      %lb.2 = "arith.addf"(%lb.out, %lb.1) : (f32, f32) -> f32
      "linalg.yield"(%lb.2) : (f32) -> ()
    }) {operandSegmentSizes = array<i32: 2, 1>} : (tensor<4x8xf16>, tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %t = "tensor.empty"() : () -> tensor<8x4xf16>
    %5 = "linalg.transpose"(%3, %t) ({
    ^bb0(%lb.in0: f16, %lb.out: f16):
      "linalg.yield"(%lb.in0) : (f16) -> ()
    }) {permutation = array<i64: 1, 0>} : (tensor<4x8xf16>, tensor<8x4xf16>) -> tensor<8x4xf16>
    "func.return"(%3) : (tensor<4x8xf16>) -> ()
  }) {sym_name = "f", function_type = (tensor<4x8xf16>, tensor<4x8xf16>, f16, tensor<8x4xf32>) -> tensor<4x8xf16>} : () -> ()
}) : () -> ()
