// grid holds 1 to 3 positive integers, typed or not.
func.func @a() attributes {grid = [4 : index, 6 : index]} {
  return
}
func.func @b() attributes {grid = [16, 1, 1]} {
  return
}
