func.func @f() {
  "dataflow.return"() : () -> ()
}
