// softplus needs a non-zero beta.
func.func @f(%x: f16) {
  %0 = spyreop.softplus %x beta 0.0 threshold 20.0 : f16
  return
}
