func.func @f() {
  %p = ktdf.buffer_phase() {num_phases = 2 : i64} : index
  return
}
