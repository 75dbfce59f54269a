// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_loop_vector.mlir - a loop exchanging the two vectors it carries (each
// yield copy would overwrite a register the other still reads): not
// supported yet.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    dataflow.program_unit %sfu : {
      %one = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
      %two = vectorchain.constant_bitstream {value = [16384]} : vector<1xf16>
      %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %one, %b = %two) -> (vector<1xf16>, vector<1xf16>) {
        scf.yield %b, %a : vector<1xf16>, vector<1xf16>
      }
    }
    return
  }
}
