// RUN: ktc-arch summary
// One core holding a unit of its own is a core; inside it, kindless sibling
// groups are its corelets (as in the reference's sample device), and a
// group wrapping a single unit inside a corelet is no further level.
ktdf_arch.device @single {
  %ddr = memory {kind = "DDR", size = 1048576}
  group {kind = "core"} share(%ddr) {
    %dma = exec_unit {kind = "DMA"}
    %sp = memory {kind = "SP", size = 4096}
    datapath %ddr to %dma : memory, exec_unit
    datapath %dma to %sp : exec_unit, memory
    group share(%sp) {
      %v = group {kind = "block"} share() {
        %regs = memory {kind = "REGS", size = 256}
        %alu = exec_unit {kind = "ALU"}
        yield %alu
      } -> exec_unit
      datapath %sp to %v : memory, exec_unit
    }
    group share(%sp) {
      %v = group {kind = "block"} share() {
        %regs = memory {kind = "REGS", size = 256}
        %alu = exec_unit {kind = "ALU"}
        yield %alu
      } -> exec_unit
      datapath %sp to %v : memory, exec_unit
    }
  }
}
