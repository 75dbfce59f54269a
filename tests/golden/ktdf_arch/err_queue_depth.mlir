// A queue holds at least one entry.
ktdf_arch.device @d {
  %a = exec_unit
  %b = exec_unit
  datapath {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 0}}} %a to %b : exec_unit, exec_unit
}
