// Properties `<{...}>` in the generic form are the op's inherent attributes:
// they read back as attributes.
func.func @generic_properties() {
  "test.op"() <{a = 1 : i64}> {b = 2 : i64} : () -> ()
  return
}
