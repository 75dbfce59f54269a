func.func @f(%p: index, %a: memref<4xf16>) {
  %s = ktdf.select_memref %p[%a] : memref<4xf16>
  return
}
