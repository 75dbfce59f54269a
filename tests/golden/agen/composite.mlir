// A DMA transfer: one vector per point of time_set, printed over several
// lines as the reference prints it.
func.func @composite(%src: memref<64xf16>, %dst: memref<64xf16>) {
  %c0 = arith.constant 0 : index
  agen.composite_load_and_store src:%src[%c0] dst:%dst[%c0] time_symbols(), load_iv(%iv:vector<64xf16>) {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>, load_time_addr_map = affine_map<() -> (0)>, store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>, store_time_addr_map = affine_map<() -> (0)>, time_order = affine_map<() -> ()>, time_set = affine_set<() : (0 == 0)>} {
    agen.yield
  } : memref<64xf16>, memref<64xf16>
  return
}
