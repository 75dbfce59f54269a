// RUN: ktc-arch summary
ktdf_arch.device @map attributes {mem_space_mapping = #ktdf_arch.map<
    #ktdp.memory_space<global> = "DDR", #ktdp.spyre_memory_space<HBM> = "DDR">} {
  %m = memory {kind = "DDR"}
}
