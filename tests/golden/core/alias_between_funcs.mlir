// An alias may be defined after a function and before the next one (lit
// files in the frontend do this); both functions see the earlier ones.
#set0 = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>
func.func @a() attributes {s = #set0} {
  return
}
#set1 = affine_set<(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0)>
func.func @b() attributes {s = #set0, t = #set1} {
  return
}
