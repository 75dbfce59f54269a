// RUN: ktc-arch summary
// No timing given: clock 1000 MHz, links move their widest transfer
// granularity (else 64 bytes) per cycle with a latency of 1 cycle, and
// memories have no aggregate limit.
ktdf_arch.device @plain {
  %mem = memory {kind = "MEM", size = 4096}
  %pu = exec_unit {kind = "PU"}
  datapath {ktdf_arch.transfer_granularity = array<i64: 32, 256>} %mem to %pu : memory, exec_unit
  datapath %pu to %mem : exec_unit, memory
}
