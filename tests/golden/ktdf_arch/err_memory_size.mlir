// A memory holds at least one byte.
ktdf_arch.device @d {
  memory {kind = "L1", size = 0}
}
