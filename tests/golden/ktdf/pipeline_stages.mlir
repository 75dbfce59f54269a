// A pipeline: one private holding its per-pipeline tokens, three stages
// ordered by them, a unit kind on each stage.
func.func @pipeline_stages() {
  ktdf.pipeline {
    %t:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
      %a = ktdf.create_token : !ktdf.token
      %b = ktdf.create_token : !ktdf.token
      ktdf.private_yield %a, %b : !ktdf.token, !ktdf.token
    }
    ktdf.stage depends_in(none) depends_out(%t#0) {
      %c = arith.constant 1 : i32
    } {applicable_units = ["L1LU"]}
    ktdf.stage depends_in(%t#0) depends_out(%t#1) {
    } {applicable_units = ["SFU"]}
    ktdf.stage depends_in(%t#1) depends_out(none) {
    } {applicable_units = ["L1SU"]}
  }
  return
}
