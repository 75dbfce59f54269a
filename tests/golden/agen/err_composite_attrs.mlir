// The attribute dictionary comes before the body.
func.func @f(%a: memref<64xf16>, %b: memref<64xf16>, %i: index) {
  agen.composite_load_and_store src:%a[%i] dst:%b[%i] time_symbols(), load_iv(%iv:vector<64xf16>) {
    agen.yield
  } : memref<64xf16>, memref<64xf16>
  return
}
