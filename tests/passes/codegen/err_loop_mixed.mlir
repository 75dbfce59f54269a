// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_loop_mixed.mlir - a loop carrying a vector and an index together: not
// supported yet.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    dataflow.program_unit %sfu : {
      %one = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
      %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %one, %k = %c0) -> (vector<1xf16>, index) {
        %n = vectorchain.binary %a, %one {binary_op = #vectorchain<binary_operator add>} : vector<1xf16>, vector<1xf16>, vector<1xf16>
        %k1 = arith.addi %k, %c1 : index
        scf.yield %n, %k1 : vector<1xf16>, index
      }
    }
    return
  }
}
