// RUN: ktc-arch summary
ktdf_arch.device @map attributes {mem_space_mapping = #ktdf_arch.map<
    #ktdp.memory_space<global> = "DRAM">} {
  %m = memory {kind = "DDR"}
}
