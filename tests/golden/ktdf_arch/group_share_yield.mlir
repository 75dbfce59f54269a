// A group sees only what it shares; the region's arguments keep the shared
// names, and yielded units become the group's results.
ktdf_arch.device @d {
  %ddr = memory {kind = "DDR"}
  %c0 = group @core0 {kind = "core"} share(%ddr) {
    %l1 = memory {kind = "L1"}
    datapath %ddr to %l1 : memory, memory
    %simd = group share(%l1) {
      %u = exec_unit {kind = "SFU"}
      datapath %l1 to %u : memory, exec_unit
      yield %u
    } -> exec_unit
    yield %simd
  } -> exec_unit
  group share() {
    exec_unit
  }
  datapath %ddr to %c0 : memory, exec_unit
}
