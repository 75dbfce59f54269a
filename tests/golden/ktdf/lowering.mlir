// ktdf_lowering: a body run on the listed units, and a signal between units.
func.func @lowering(%u0: index, %u1: index) {
  ktdf_lowering.execute_on %u0, %u1 {
    %c = arith.constant 0 : index
  }
  ktdf_lowering.execute_on {
  } {applicable_units = ["SFU"]}
  ktdf_lowering.signal %u0, %u1
  ktdf_lowering.signal {applicable_units = ["MNILU", "L1LU"]}
  return
}
