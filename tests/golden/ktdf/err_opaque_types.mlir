func.func @f(%a: tensor<64xf16>) {
  ktdf.opaque "X" ins(%a, %a: tensor<64xf16>)
  return
}
