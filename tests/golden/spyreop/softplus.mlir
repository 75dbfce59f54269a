// softplus takes beta and threshold as keywords with decimal values; they
// print as floats that read back (20.0 is 2.0e+01, not 2e+01).
func.func @f(%x: f16) {
  %0 = spyreop.softplus %x beta 0.2 threshold 0.1 : f16
  %1 = spyreop.softplus %x beta -2 threshold 1.25e+01 : f16
  %2 = spyreop.softplus %x beta 5.0 threshold 20.0 : f16
  return
}
