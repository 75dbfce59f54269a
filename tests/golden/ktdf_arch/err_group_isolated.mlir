// A group sees only the nodes it shares.
ktdf_arch.device @d {
  %m = memory {kind = "L1"}
  group share() {
    %u = exec_unit
    datapath %m to %u : memory, exec_unit
  }
}
