// Unit features belong on execution units.
ktdf_arch.device @d {
  memory {kind = "L1", ktdf_arch.features = {ktdf_arch.feature.compute}}
}
