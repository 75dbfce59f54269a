// Patterns blocks hold pdl patterns, optionally tagged with group names.
ktdf_arch.device @d {
  patterns {}
  patterns ["widen"] {
    pdl.pattern @widen_exp : benefit(2) {
      %f16 = type : f16
      %in = operand : %f16
      %op = operation "math.exp" (%in : !pdl.value) -> (%f16 : !pdl.type)
      apply_native_constraint "ktdf_arch.mapped_to" (%op : !pdl.operation) : !pdl.attribute {isNegated = true}
      rewrite %op {
        %f32 = type : f32
        %one = attribute = 1 : i64
        %w = operation "arith.extf" (%in : !pdl.value) {"tag" = %one} -> (%f32 : !pdl.type)
        %r = result 0 of %w
        replace %op with (%r : !pdl.value)
      }
    }
  }
}
