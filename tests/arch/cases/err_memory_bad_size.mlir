// RUN: ktc-arch summary
ktdf_arch.device @nosize {
  %m = memory {kind = "M", size = 0}
}
