// Transfer granularities are distinct sizes.
ktdf_arch.device @d {
  %a = exec_unit
  %b = exec_unit
  datapath {ktdf_arch.transfer_granularity = array<i64: 64, 64>} %a to %b : exec_unit, exec_unit
}
