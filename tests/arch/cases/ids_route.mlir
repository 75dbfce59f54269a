// RUN: ktc-arch route M X
// Every resource has an id: its @id, or its kind (else its op name) made
// unique with _1, _2 ... skipping the ids written out.
ktdf_arch.device @ids {
  %m = memory @M_1 {kind = "M"}
  %x = exec_unit {kind = "X"}
  %y = exec_unit {kind = "Y"}
  %z = exec_unit {kind = "Y"}
  datapath %m to %y : memory, exec_unit
  datapath @datapath_1 %y to %z : exec_unit, exec_unit
  datapath %z to %x : exec_unit, exec_unit
  datapath {kind = "slow", ktdf_arch.latency = 9} %m to %x : memory, exec_unit
}
