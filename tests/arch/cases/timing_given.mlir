// RUN: ktc-arch summary
// ktc's timing extension: a clock, link bandwidth and latency, an aggregate
// bandwidth shared by every link of a memory.
ktdf_arch.device @timed attributes {ktdf_arch.clock_mhz = 800} {
  %mem = memory {kind = "MEM", size = 4096, ktdf_arch.aggregate_bandwidth = 96}
  %pu = exec_unit {kind = "PU"}
  datapath {ktdf_arch.bandwidth = 64, ktdf_arch.latency = 12} %mem to %pu : memory, exec_unit
  datapath {ktdf_arch.bandwidth = 32, ktdf_arch.latency = 0} %pu to %mem : exec_unit, memory
}
