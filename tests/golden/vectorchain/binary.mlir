func.func @binary(%a: vector<64xf16>, %b: vector<64xf16>) -> vector<64xf16> {
  %r = vectorchain.binary %a, %b {binary_op = #vectorchain<binary_operator add>, op_specific_map = affine_map<(d0) -> (d0)>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
  return %r : vector<64xf16>
}
