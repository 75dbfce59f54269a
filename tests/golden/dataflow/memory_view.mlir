// A 2-D view of a linear memory from a start address.
func.func @memory_view() {
  %ddr = dataflow.get_unit {name = "ddr", type = "ddr"} : index
  %c1024 = arith.constant 1024 : index
  %v = dataflow.get_logical_memory_view %ddr, %c1024 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<96x64xf16>
  return
}
