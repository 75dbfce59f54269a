func.func @create_group() {
  %u0 = dataflow.get_unit {name = "C0-L1LU", type = "L1LU"} : index
  %u1 = dataflow.get_unit {name = "C1-L1LU", type = "L1LU"} : index
  %g = dataflow.create_group (%u0, %u1 : index, index) : index
  return
}
