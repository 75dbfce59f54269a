// RUN: ktc-arch route far ct_local
// A string key that is no memory-space word names a space of its own; the
// reference writes "DDR" = "DDR" once memory spaces have become kinds.
ktdf_arch.device @aliased attributes {mem_space_mapping = #ktdf_arch.map<
    "far" = "DDR", "DDR" = "DDR", #ktdp.memory_space<ct_local> = "near">} {
  %ddr = memory {kind = "DDR"}
  group {kind = "core"} share(%ddr) {
    %near = memory {kind = "near"}
    datapath %ddr to %near : memory, memory
  }
}
