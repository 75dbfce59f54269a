// RUN: ktc-arch summary
ktdf_arch.device @typo {
  %m = memory {kind = "M"}
  %u = exec_unit {kind = "U"}
  datapath {ktdf_arch.bandwith = 64} %m to %u : memory, exec_unit
}
