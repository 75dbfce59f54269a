func.func @f() {
  %c = vectorchain.constant_bitstream {value = [0, 0]} : vector<1xf16>
  return
}
