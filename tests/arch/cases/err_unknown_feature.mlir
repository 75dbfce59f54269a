// RUN: ktc-arch summary
ktdf_arch.device @feat {
  %u = exec_unit {kind = "U", ktdf_arch.features = {ktdf_arch.feature.teleport}}
}
