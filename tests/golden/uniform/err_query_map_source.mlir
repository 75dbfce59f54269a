// A uniform query reads a uniform mapping.
func.func @f(%k: index) {
  %m = symbol.symbol_immutable_mapping ([%k -> %k]) : index
  %r = uniform.query_map(map:%m, key:%k) : index
  return
}
