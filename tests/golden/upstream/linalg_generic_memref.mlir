// linalg.generic on memrefs has no results.
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: memref<64xf16>, %o: memref<64xf16>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : memref<64xf16>) outs(%o : memref<64xf16>) {
  ^bb0(%x: f16, %y: f16):
    linalg.yield %x : f16
  }
  return
}
