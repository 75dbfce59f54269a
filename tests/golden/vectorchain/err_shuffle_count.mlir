// indices x repetition elements make the result.
func.func @f(%a: vector<1xf16>) {
  %r = vectorchain.shuffle input(%a) {indices = [0 : i32], repetition = 32 : i32} : vector<1xf16>, vector<64xf16>
  return
}
