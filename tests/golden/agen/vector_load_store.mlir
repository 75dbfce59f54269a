// A 1x64 row loaded as one vector and stored back: the set bounds the
// elements relative to the start index, the order packs them.
#row = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>
func.func @vector_load_store(%view: memref<2x64xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = agen.vector_load %view[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = #row} : memref<2x64xf16>, vector<64xf16>
  agen.vector_store %v, %view[%c1, %c0] {store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = #row} : memref<2x64xf16>, vector<64xf16>
  return
}
