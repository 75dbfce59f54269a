// An op name that no dialect table knows cannot be read in custom form.
func.func @f() {
  foo.frobnicate %x
  return
}
