// Function declarations have no body: argument types may be listed bare
// (the printed form), or with names that are dropped.
func.func private @ext(f16, i32) -> f16
func.func @named(%a: f16, %b: i32 {some.arg_attr})
