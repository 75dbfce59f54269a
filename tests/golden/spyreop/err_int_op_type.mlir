// addi32toi32 takes i32 operands.
func.func @f(%a: i64, %b: i32) {
  %0 = spyreop.addi32toi32 %a, %b
  return
}
