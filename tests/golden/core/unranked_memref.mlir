// memref<*xT>: an unranked memref, which memref.cast takes and gives.
func.func @unranked_memref(%a: memref<64xf16, "L1">) -> memref<*xf16, "L1"> {
  %u = memref.cast %a : memref<64xf16, "L1"> to memref<*xf16, "L1">
  return %u : memref<*xf16, "L1">
}
