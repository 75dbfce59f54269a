// Units exchange vectors.
func.func @f(%u: index, %x: f16) {
  dataflow.send %u, %x : f16
  return
}
