// scf.execute_region has a body.
func.func @f() {
  "scf.execute_region"() ({}) : () -> ()
  return
}
