// RUN: ktc-arch summary
ktdf_arch.device @agg {
  %m = memory {kind = "M", ktdf_arch.aggregate_bandwidth = 0}
  %u = exec_unit {kind = "U", ktdf_arch.aggregate_bandwidth = 8}
}
