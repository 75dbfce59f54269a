// What a private yields matches its results.
func.func @f() {
  ktdf.pipeline {
    %t:2 = ktdf.private -> (!ktdf.token, !ktdf.token) {
      %a = ktdf.create_token : !ktdf.token
      ktdf.private_yield %a : !ktdf.token
    }
  }
  return
}
