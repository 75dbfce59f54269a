// Grid sizes are positive.
func.func @f() attributes {grid = [2 : index, 0 : index]} {
  return
}
