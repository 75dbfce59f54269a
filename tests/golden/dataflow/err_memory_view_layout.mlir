// The layout takes each view coordinate to one linear offset.
func.func @f(%m: index, %s: index) {
  %v = dataflow.get_logical_memory_view %m, %s {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<4x64xf16>
  return
}
