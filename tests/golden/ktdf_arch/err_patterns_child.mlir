// A patterns block holds only pdl.pattern ops.
ktdf_arch.device @d {
  patterns ["g"] {
    "test.op"() : () -> ()
  }
}
