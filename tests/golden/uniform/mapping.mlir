// A per-unit constant: the core id of each unit.
func.func @mapping(%u0: index, %u1: index, %self: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = uniform.def_immutable_mapping ([%u0 -> %c0], [%u1 -> %c1]) : index
  %core = uniform.query_map (map: %m, key: %self) : index
  return
}
