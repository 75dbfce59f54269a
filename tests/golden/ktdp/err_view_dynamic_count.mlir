// Each dynamic marker of static_sizes needs one SSA size operand.
func.func @f(%p: index) {
  %v = "ktdp.construct_memory_view"(%p) {memory_space = #ktdp.memory_space<global>, operandSegmentSizes = array<i32: 1, 0, 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>} : (index) -> memref<?xf16>
  return
}
