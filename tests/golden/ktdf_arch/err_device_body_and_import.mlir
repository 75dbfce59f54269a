// A device with a body cannot also import one.
ktdf_arch.device @d attributes {import_path = "x.mlir"} {
  exec_unit
}
