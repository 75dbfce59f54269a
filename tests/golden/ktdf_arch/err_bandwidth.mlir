// Bandwidth is a positive byte count per cycle.
ktdf_arch.device @d {
  %a = exec_unit
  %b = exec_unit
  datapath {ktdf_arch.bandwidth = 0} %a to %b : exec_unit, exec_unit
}
