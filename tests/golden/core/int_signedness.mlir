// Signed and unsigned integer types (symbol ids are si64); an unsigned
// value is not sign-extended.
func.func @int_signedness() {
  "test.ids"() {a = -3 : si64, b = 200 : ui8, c = 7 : i16} : () -> ()
  %x:2 = "test.make"() : () -> (si32, ui16)
  return
}
