// Access granularities are maps from memory space to size/alignment lists.
ktdf_arch.device @d {
  exec_unit {ktdf_arch.features = {ktdf_arch.feature.load = {access_granularity = #ktdf_arch.map<"A" = [{size_in_words = 1 : i32}]>}}}
}
