func.func @f() {
  %t = ktdf.private -> (!ktdf.token) {
    %a = ktdf.create_token : !ktdf.token
    ktdf.private_yield %a : !ktdf.token
  }
  return
}
