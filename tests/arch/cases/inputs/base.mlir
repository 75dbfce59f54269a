// The definition imported by import_chain.mlir through inputs/middle.mlir.
ktdf_arch.device @chained attributes {ktdf_arch.clock_mhz = 500, version = 1} {
  %ddr = memory {kind = "DDR", size = 1024}
  group {kind = "core"} share(%ddr) {
    %sp = memory {kind = "SP", size = 256}
    %pu = exec_unit {kind = "PU"}
    datapath %ddr to %sp : memory, memory
    datapath %sp to %pu : memory, exec_unit
  }
}
