// func.return checks its results against the enclosing function's type
// before the function's own rule runs: a func.func (generic form) without a
// function_type is an error there, not a crash.
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}) : () -> ()
