// RUN: ktc-arch summary
ktdf_arch.device @nokind {
  %m = memory {size = 16}
}
