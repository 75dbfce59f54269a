// RUN: ktc-arch summary
ktdf_arch.device @selfish {
  %m = memory {kind = "M"}
  datapath %m to %m : memory, memory
}
