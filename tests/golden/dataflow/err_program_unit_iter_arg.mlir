// A program for several units needs the argument naming the running one.
func.func @f(%a: index, %b: index) {
  "dataflow.program_unit"(%a, %b) ({
    "dataflow.return"() : () -> ()
  }) : (index, index) -> ()
  return
}
