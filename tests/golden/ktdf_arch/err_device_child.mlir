// Only resources (and patterns) live in a device.
ktdf_arch.device @d {
  "test.op"() : () -> ()
}
