// RUN: ktc-arch summary
ktdf_arch.device @clk attributes {ktdf_arch.clock_mhz = 0} {
  %m = memory {kind = "M"}
}
