// RUN: ktc-arch summary
ktdf_arch.device @lat {
  %m = memory {kind = "M", ktdf_arch.latency = 3}
}
