// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// loop_vector_copy.mlir - a loop carrying two vectors where neither can be
// kept in place: the initial value %one is read again after the loop (the
// carried register is a copy of it, a vshuf of every lane, before the
// loop), and the body reads %acc after making its next value (the yield
// copies %n into the carried register).
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    dataflow.program_unit %sfu : {
      %one = vectorchain.constant_bitstream {value = [15360, 15360]} : vector<2xf16>
      %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %one, %b = %one) -> (vector<2xf16>, vector<2xf16>) {
        %n = vectorchain.binary %acc, %one {binary_op = #vectorchain<binary_operator add>} : vector<2xf16>, vector<2xf16>, vector<2xf16>
        %m = vectorchain.binary %acc, %b {binary_op = #vectorchain<binary_operator mul>} : vector<2xf16>, vector<2xf16>, vector<2xf16>
        scf.yield %n, %m : vector<2xf16>, vector<2xf16>
      }
      %s = vectorchain.binary %r#0, %one {binary_op = #vectorchain<binary_operator mul>} : vector<2xf16>, vector<2xf16>, vector<2xf16>
    }
    return
  }
}
