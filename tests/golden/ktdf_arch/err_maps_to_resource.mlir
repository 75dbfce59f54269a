// Device resources are what ops map to; they do not map themselves.
ktdf_arch.device @d {
  exec_unit {ktdf_arch.maps_to = "CPU"}
}
