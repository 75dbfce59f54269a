// A unit handle names the unit and its kind.
func.func @f() {
  %u = dataflow.get_unit {type = "SFU"} : index
  return
}
