// Inits are tensors or memrefs.
func.func @f(%a: tensor<4xf16>, %s: f16) {
  linalg.copy ins(%a : tensor<4xf16>) outs(%s : f16)
  return
}
