// A device needs a symbol name.
ktdf_arch.device {
  exec_unit
}
