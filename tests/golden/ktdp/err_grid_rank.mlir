// A grid has at most three dimensions.
func.func @f() attributes {grid = [2, 2, 2, 2]} {
  return
}
