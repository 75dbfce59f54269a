// Resources may carry an @id (their sym_name).
ktdf_arch.device @d {
  %m = memory @ddr {kind = "DDR"}
  %u = exec_unit @cpu
  %g = group @core share(%m) {
    %v = exec_unit @vec
    yield %v
  } -> exec_unit
  datapath @load %m to %u : memory, exec_unit
  datapath @to_core {ktdf_arch.bandwidth = 64} %u to %g : exec_unit, exec_unit
}
