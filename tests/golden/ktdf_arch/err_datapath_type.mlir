// The types after ':' must match the endpoints.
ktdf_arch.device @d {
  %m = memory {kind = "L1"}
  %u = exec_unit
  datapath %m to %u : memory, memory
}
