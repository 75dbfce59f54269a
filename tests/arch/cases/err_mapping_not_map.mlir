// RUN: ktc-arch summary
ktdf_arch.device @map attributes {mem_space_mapping = {global = "DDR"}} {
  %m = memory {kind = "DDR"}
}
