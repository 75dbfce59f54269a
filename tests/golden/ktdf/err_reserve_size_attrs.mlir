// A tile-size placeholder says what the chosen size must satisfy.
func.func @f() {
  %x = ktdf.tiling.reserve_size {min_value = 8 : index} : index
  return
}
