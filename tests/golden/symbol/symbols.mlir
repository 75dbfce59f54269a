// A kernel input declared as symbol -1, a derived address as symbol -2, read
// back inside a program; one symbol per core gathered in a mapping.
func.func @symbols(%base: index, %u0: index, %u1: index) {
  %c4096 = arith.constant 4096 : index
  symbol.create_id %base {symbol_id = -1 : si64} : index
  %derived = arith.addi %base, %c4096 : index
  symbol.create_id %derived {symbol_id = -2 : si64} : index
  dataflow.program_unit iter_arg : %self -> (%u0, %u1) : {
    %s1 = symbol.create_symbol {SymbolId = -1 : i64} : index
    %s2 = symbol.create_symbol {SymbolId = -2 : i64} : index
    %m = symbol.symbol_immutable_mapping ([%u0 -> %s1], [%u1 -> %s2]) : index
    %addr = symbol.query_map (map: %m, key: %self) : index
  }
  return
}
