// The single-unit form names no running unit; the implicit dataflow.return
// is left out when printed.
func.func @program_unit_single() {
  %u = dataflow.get_unit {name = "C0-SFU", type = "SFU"} : index
  %src = dataflow.get_unit {name = "C0-L1LU", type = "L1LU"} : index
  dataflow.program_unit %u : {
    %v = dataflow.receive %src : vector<64xf16>
    "dataflow.return"() : () -> ()
  }
  return
}
