// In generic form, alloc's operandSegmentSizes splits sizes and symbols.
func.func @f(%n: index) {
  %a = "memref.alloc"(%n) : (index) -> memref<?xf16>
  return
}
