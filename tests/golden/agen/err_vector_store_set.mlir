func.func @f(%view: memref<64xf16>, %v: vector<64xf16>, %i: index) {
  agen.vector_store %v, %view[%i] {store_order = affine_map<(d0) -> (d0)>} : memref<64xf16>, vector<64xf16>
  return
}
