// A pdl.replace whose operand groups do not say what it replaces and with what.
"builtin.module"() ({
  "ktdf_arch.device"() ({
    "ktdf_arch.patterns"() ({
      "pdl.pattern"() ({
        %i64 = "pdl.type"() {constantType = i64} : () -> !pdl.type
        %magic = "pdl.attribute"() {value = -6148895925951734307} : () -> !pdl.attribute
        %op = "pdl.operation"(%magic, %i64) {opName = "arith.constant", attributeValueNames = ["value"], operandSegmentSizes = array<i32: 0, 1, 1>} : (!pdl.attribute, !pdl.type) -> !pdl.operation
        "pdl.rewrite"() ({
          %magic2 = "pdl.attribute"() {value = 42} : () -> !pdl.attribute
          %cst_op = "pdl.operation"(%magic2, %i64) {opName = "arith.constant", attributeValueNames = ["value"], operandSegmentSizes = array<i32: 0, 1, 1>} : (!pdl.attribute, !pdl.type) -> !pdl.operation
          %cst = "pdl.result"(%cst_op) {index = 0 : i32} : (!pdl.operation) -> !pdl.value
          "pdl.replace"(%op, %cst) {operandSegmentSizes = array<i32: 0, 0, 2>} : (!pdl.operation, !pdl.value) -> ()
        }) {operandSegmentSizes = array<i32: 0, 0>} : () -> ()
      }) {benefit = 1 : i16} : () -> ()
    }) {groups = []} : () -> ()
    "ktdf_arch.patterns"() ({
      "pdl.pattern"() ({
        %f16 = "pdl.type"() {constantType = f16} : () -> !pdl.type
        %in = "pdl.operand"(%f16) : (!pdl.type) -> !pdl.value
        %op = "pdl.operation"(%in, %f16) {opName = "math.exp", attributeValueNames = [], operandSegmentSizes = array<i32: 1, 0, 1>} : (!pdl.value, !pdl.type) -> !pdl.operation
        "pdl.rewrite"() ({
          %f32 = "pdl.type"() {constantType = f32} : () -> !pdl.type
          %widen_op = "pdl.operation"(%in, %f32) {opName = "arith.extf", attributeValueNames = [], operandSegmentSizes = array<i32: 1, 0, 1>} : (!pdl.value, !pdl.type) -> !pdl.operation
          %widen = "pdl.result"(%widen_op) {index = 0 : i32} : (!pdl.operation) -> !pdl.value
          %exp_op = "pdl.operation"(%widen, %f32) {opName = "math.exp", attributeValueNames = [], operandSegmentSizes = array<i32: 1, 0, 1>} : (!pdl.value, !pdl.type) -> !pdl.operation
          %exp = "pdl.result"(%exp_op) {index = 0 : i32} : (!pdl.operation) -> !pdl.value
          %narrow_op = "pdl.operation"(%exp, %f16) {opName = "arith.truncf", attributeValueNames = [], operandSegmentSizes = array<i32: 1, 0, 1>} : (!pdl.value, !pdl.type) -> !pdl.operation
          %narrow = "pdl.result"(%narrow_op) {index = 0 : i32} : (!pdl.operation) -> !pdl.value
          "pdl.replace"(%op, %narrow) {operandSegmentSizes = array<i32: 1, 0, 1>} : (!pdl.operation, !pdl.value) -> ()
        }) {operandSegmentSizes = array<i32: 0, 0>} : () -> ()
      }) {benefit = 1 : i16} : () -> ()
    }) {groups = ["widen"]} : () -> ()
    "ktdf_arch.patterns"() ({
      "pdl.pattern"() ({
        %ty = "pdl.type"() : () -> !pdl.type
        %in = "pdl.operand"(%ty) : (!pdl.type) -> !pdl.value
        %op = "pdl.operation"(%in, %ty) {opName = "math.exp", attributeValueNames = [], operandSegmentSizes = array<i32: 1, 0, 1>} : (!pdl.value, !pdl.type) -> !pdl.operation
        %0 = "pdl.apply_native_constraint"(%op) {name = "ktdf_arch.mapped_to", isNegated = true} : (!pdl.operation) -> !pdl.attribute
        "pdl.rewrite"() ({
          %mapped = "pdl.attribute"() {value = "mapped"} : () -> !pdl.attribute
          "pdl.apply_native_rewrite"(%op, %mapped) {name = "ktdf_arch.map_to"} : (!pdl.operation, !pdl.attribute) -> ()
        }) {operandSegmentSizes = array<i32: 0, 0>} : () -> ()
      }) {benefit = 1 : i16} : () -> ()
    }) {groups = ["map"]} : () -> ()
  }) {sym_name = "device"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: f16):
    %exp = "math.exp"(%arg0) : (f16) -> f16
    %magic = "arith.constant"() {value = -6148895925951734307 : i64} : () -> i64
    "func.return"(%exp, %magic) : (f16, i64) -> ()
  }) {sym_name = "test", function_type = (f16) -> (f16, i64), ktdf_arch.maps_to = @device} : () -> ()
}) : () -> ()

