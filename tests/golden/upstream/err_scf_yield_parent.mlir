// scf.yield belongs to scf ops, not to func.func.
func.func @f() {
  scf.yield
}
