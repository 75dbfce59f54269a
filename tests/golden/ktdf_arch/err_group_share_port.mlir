// Groups share memories and execution units, not switch ports.
ktdf_arch.device @d {
  %sw:2 = switch [2]
  group share(%sw) {
  }
}
