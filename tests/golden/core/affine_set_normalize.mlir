// Integer sets: constraints written with any right-hand side are kept as
// `expr >= 0` / `expr == 0`; `<=` flips sides; the empty set prints (0 == 0).
func.func @sets() attributes {
  box = affine_set<(d0, d1)[s0] : (d0 >= 0, d0 <= 31, d1 >= 96, -d1 + s0 - 1 >= 0)>,
  eq = affine_set<(i)[g] : (i - 4*g == 0, (i - g) mod 2 == 0)>,
  none = affine_set<() : ()>
} {
  return
}
