// RUN: ktc-arch summary
// No groups: every resource is at device level, named by its kind; a
// repeated kind gets a suffix. A unit without kind is "exec_unit".
ktdf_arch.device @flat {
  %ram = memory {kind = "RAM", size = 1000}
  %a = exec_unit {kind = "ALU"}
  %b = exec_unit {kind = "ALU"}
  %c = exec_unit
  datapath %ram to %a : memory, exec_unit
  datapath %a to %b : exec_unit, exec_unit
  datapath %b to %c : exec_unit, exec_unit
  datapath %c to %ram : exec_unit, memory
}
