func.func @f(%n: index) {
  %x = ktdf.tiling.derive_size total_size = %n : index
  return
}
