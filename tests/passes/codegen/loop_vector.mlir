// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// loop_vector.mlir - a loop carrying a vector (ktc-nest's register-carry):
// the initial value's register carries it (nothing reads the initial value
// after the loop) and the add writes its next value in place (nothing in
// the body reads the current one after it): no copies.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    dataflow.program_unit %sfu : {
      %one = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
      %two = vectorchain.constant_bitstream {value = [16384]} : vector<1xf16>
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %one) -> (vector<1xf16>) {
        %n = vectorchain.binary %acc, %two {binary_op = #vectorchain<binary_operator add>} : vector<1xf16>, vector<1xf16>, vector<1xf16>
        scf.yield %n : vector<1xf16>
      }
      %s = vectorchain.binary %r, %two {binary_op = #vectorchain<binary_operator mul>} : vector<1xf16>, vector<1xf16>, vector<1xf16>
    }
    return
  }
}
