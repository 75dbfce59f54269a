// RUN: ktc-arch summary
// Keys may also be written as words; unmapped spaces keep their defaults.
ktdf_arch.device @words attributes {mem_space_mapping = #ktdf_arch.map<"ct_local" = "B">} {
  %a = memory {kind = "A"}
  group {kind = "core"} share(%a) {
    %b = memory {kind = "B"}
    %c = memory {kind = "C"}
    %pu = exec_unit {kind = "PU"}
    datapath %b to %pu : memory, exec_unit
  }
}
