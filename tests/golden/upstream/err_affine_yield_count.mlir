// affine.yield yields one value per result of the loop.
func.func @f(%x: index) {
  affine.for %i = 0 to 8 {
    affine.yield %x : index
  }
  return
}
