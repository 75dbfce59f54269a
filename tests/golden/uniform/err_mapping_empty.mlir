func.func @f() {
  %m = uniform.def_immutable_mapping():index
  return
}
