func.func @f(%a: vector<64xf16>) {
  %r = vectorchain.binary %a, %a {binary_op = "add"} : vector<64xf16>, vector<64xf16>, vector<64xf16>
  return
}
