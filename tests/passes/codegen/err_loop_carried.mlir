// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_loop_carried.mlir - a loop carrying a value (iter_args) in a program.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    dataflow.program_unit %l1lu : {
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (index) {
        %n = arith.addi %acc, %i : index
        scf.yield %n : index
      }
    }
    return
  }
}
