// One start index per view dimension.
func.func @f(%view: memref<2x64xf16>, %i: index) {
  %v = agen.vector_load %view[%i] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0)>} : memref<2x64xf16>, vector<64xf16>
  return
}
