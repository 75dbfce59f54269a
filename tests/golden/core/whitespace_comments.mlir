// Whitespace and comments are insignificant: arguments split over lines with
// comments between them, a trailing comment after an op, no space before `{`,
// a trailing loc(...) that is accepted and dropped.
func.func @f(%a : f16, // the first argument
             // a comment line inside the argument list
             %b: f16)->f16{
  %s = arith.addf %a,%b : f16 // trailing comment
  %t = arith.mulf %s, %s : f16 loc("x.py":3:7)
  return %t : f16
}
