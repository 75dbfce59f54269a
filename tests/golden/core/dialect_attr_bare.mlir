// `#dialect<body>`: a dialect attribute named by its dialect alone.
func.func @dialect_attr_bare() {
  "test.op"() {op = #vectorchain<binary_operator add>} : () -> ()
  return
}
