// Queues belong on links.
ktdf_arch.device @d {
  exec_unit {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 4}}}
}
