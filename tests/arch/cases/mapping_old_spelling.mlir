// RUN: ktc-arch route HBM PU
// mem_space_mapping keys may use the old spelling (HBM is global).
ktdf_arch.device @old attributes {mem_space_mapping = #ktdf_arch.map<
    #ktdp.spyre_memory_space<HBM> = "DRAM", #ktdp.spyre_memory_space<LX> = "SP">} {
  %dram = memory {kind = "DRAM"}
  group {kind = "core"} share(%dram) {
    %sp = memory {kind = "SP"}
    %pu = exec_unit {kind = "PU"}
    datapath %dram to %sp : memory, memory
    datapath %sp to %pu : memory, exec_unit
  }
}
