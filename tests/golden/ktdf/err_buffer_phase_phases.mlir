func.func @f(%i: index) {
  %p = ktdf.buffer_phase(%i) {num_phases = 1 : i64} : index
  return
}
