// A group yields one node per result.
ktdf_arch.device @d {
  group share() {
    yield
  } -> exec_unit
}
