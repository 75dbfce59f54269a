// A grid has at least one dimension.
func.func @f() attributes {grid = []} {
  return
}
