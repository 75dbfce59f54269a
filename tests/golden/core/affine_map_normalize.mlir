// Affine maps: binder names are positional (printed as d0/s0), constants
// fold, x * 1 and x + 0 vanish, constants move to the right of products,
// subtraction prints as `- c`, and floordiv/ceildiv/mod keep their operands.
func.func @maps() attributes {
  a = affine_map<(i, j)[n] -> (j + i * 2 - 0, 2 * 3, 4 * i, n floordiv 4, (i + 1) mod n)>,
  b = affine_map<(d0) -> (d0 * 1 + 0, d0 - 1, -d0, d0 ceildiv 8, 32 * (d0 + 1))>,
  c = affine_map<() -> ()>,
  d = affine_map<(d0, d1) -> (d0 - d1, -(d0 - d1) + 5)>
} {
  return
}
