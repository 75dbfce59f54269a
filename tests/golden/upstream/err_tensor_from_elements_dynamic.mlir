// tensor.from_elements builds a statically shaped tensor.
func.func @f(%a: f32) {
  %0 = tensor.from_elements %a : tensor<?xf32>
  return
}
