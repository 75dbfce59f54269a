// Units are index handles.
func.func @f(%u: i32) {
  ktdf_lowering.signal %u
  return
}
