// yield only ends a group.
ktdf_arch.device @d {
  %u = exec_unit
  yield %u
}
