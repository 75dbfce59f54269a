// RUN: ktc-arch summary
// Levels come from the structure: a wrapper group holding no unit of its
// own is transparent; same-kind sibling groups below it are the cores, and
// same-kind siblings inside a core the corelets. Memories may link to
// memories (a transfer engine is implied).
ktdf_arch.device @wrapped {
  %shared = memory {kind = "shared", size = 65536}
  group share(%shared) {
    %cross = memory {kind = "cross", size = 1024}
    group @core0 {kind = "core"} share(%shared, %cross) {
      %local = memory {kind = "local", size = 4096}
      datapath %shared to %local : memory, memory
      datapath %local to %shared : memory, memory
      group @core0_a {kind = "corelet"} share(%local, %cross) {
        %pu = exec_unit {kind = "PU"}
        datapath %local to %pu : memory, exec_unit
        datapath %pu to %cross : exec_unit, memory
      }
      group @core0_b {kind = "corelet"} share(%local) {
        %pu = exec_unit {kind = "PU"}
        datapath %local to %pu : memory, exec_unit
        datapath %pu to %local : exec_unit, memory
      }
    }
    group @core1 {kind = "core"} share(%shared, %cross) {
      %local = memory {kind = "local", size = 4096}
      datapath %shared to %local : memory, memory
      datapath %local to %shared : memory, memory
      group @core1_a {kind = "corelet"} share(%local, %cross) {
        %pu = exec_unit {kind = "PU"}
        datapath %local to %pu : memory, exec_unit
        datapath %cross to %pu : memory, exec_unit
      }
    }
  }
}
