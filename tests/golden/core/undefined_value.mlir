// Using a name that no op or block argument defines.
func.func @f() -> i32 {
  return %nope : i32
}
