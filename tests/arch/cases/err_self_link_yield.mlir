// RUN: ktc-arch summary
// A group result is the node it yields: this datapath links a unit to itself.
ktdf_arch.device @selfish {
  %g = group share() {
    %u = exec_unit {kind = "U"}
    yield %u
  } -> exec_unit
  group share(%g) {
    datapath %g to %g : exec_unit, exec_unit
  }
}
