// A hex literal with a float type is the raw bit pattern and prints back as
// hex; with an integer type it is an ordinary integer.
func.func @hex() {
  %ninf = arith.constant 0xFC00 : f16
  %inf = arith.constant 0x7C00 : f16
  %one = arith.constant 0x3F800000 : f32
  %bits = arith.constant 0xFF800000 : i32
  %small = arith.constant 0x2A : i64
  return
}
