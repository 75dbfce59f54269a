// The integer ops fix their type by name and print no type.
func.func @f(%a: i32, %b: i32, %c: i64) {
  %0 = spyreop.addi32toi32 %a, %b
  %1 = spyreop.muli32toi32 %0, %b
  %2 = spyreop.addi64toi64 %c, %c
  return
}
