// One program shared by two units: %self is the unit running it; what
// differs between the units comes from a uniform mapping keyed on it.
func.func @program_units() {
  %l1lu0 = dataflow.get_unit {core = 0 : i32, name = "C0-L1LU", type = "L1LU"} : index
  %l1lu1 = dataflow.get_unit {core = 1 : i32, name = "C1-L1LU", type = "L1LU"} : index
  %sfu0 = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU", type = "SFU"} : index
  %sfu1 = dataflow.get_unit {core = 1 : i32, corelet = 0 : i32, name = "C1-SFU", type = "SFU"} : index
  dataflow.program_unit iter_arg : %self -> (%l1lu0, %l1lu1) : {
    %peers = uniform.def_immutable_mapping([%l1lu0 -> %sfu0], [%l1lu1 -> %sfu1]):index
    %to = uniform.query_map(map:%peers, key:%self) : index
    %v = arith.constant dense<0.0> : vector<64xf16>
    dataflow.send %to, %v : vector<64xf16>
  }
  return
}
