// Every symbol declaration says which symbol it defines.
func.func @f(%base: index) {
  symbol.create_id %base : index
  return
}
