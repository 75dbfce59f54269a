// Resource ids are unique across the whole device, groups included.
ktdf_arch.device @d {
  group share() {
    exec_unit @a
  }
  exec_unit @a
}
