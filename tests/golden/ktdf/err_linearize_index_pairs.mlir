func.func @f() {
  %x = ktdf.tiling.linearize_index : index
  return
}
