// Only stages and a private live directly in a pipeline.
func.func @f() {
  ktdf.pipeline {
    %c = arith.constant 0 : index
  }
  return
}
