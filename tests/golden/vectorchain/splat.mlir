// A constant splat: one element as a bit pattern, repeated 64 times.
func.func @splat() -> vector<64xf16> {
  %one = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
  %r = vectorchain.shuffle input(%one) {indices = [0 : i32], repetition = 64 : i32} : vector<1xf16>, vector<64xf16>
  return %r : vector<64xf16>
}
