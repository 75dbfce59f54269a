// RUN: ktc-arch summary
ktdf_arch.device @first {
  %m = memory {kind = "M"}
}
ktdf_arch.device @second {
  %m = memory {kind = "M"}
}
