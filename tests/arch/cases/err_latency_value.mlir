// RUN: ktc-arch summary
ktdf_arch.device @lat {
  %m = memory {kind = "M"}
  %u = exec_unit {kind = "U"}
  datapath {ktdf_arch.latency = -1} %m to %u : memory, exec_unit
  datapath {ktdf_arch.latency = "slow"} %u to %m : exec_unit, memory
}
