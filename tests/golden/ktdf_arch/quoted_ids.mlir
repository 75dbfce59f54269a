// Ids that are not bare identifiers print quoted.
ktdf_arch.device @"my device" {
  %u = exec_unit @"unit 0"
  %g = group @"core-0" share() {
    %v = exec_unit @"a\"b"
    yield %v
  } -> exec_unit
  datapath @"0link" %u to %g : exec_unit, exec_unit
}
