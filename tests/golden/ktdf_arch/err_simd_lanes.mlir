// SIMD lanes map element types to lane counts.
ktdf_arch.device @d {
  exec_unit {ktdf_arch.features = {ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<"f16" = 64>}}}
}
