// softplus takes beta and threshold as keywords with decimal values.
func.func @f(%x: f16) {
  %0 = spyreop.softplus %x beta 0.2 threshold 0.1 : f16
  %1 = spyreop.softplus %x beta -2 threshold 1.25e+01 : f16
  return
}
