// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_no_kernel.mlir - DataflowIR with two functions and no
// dataflow.program_unit: which one is the kernel cannot be told.
module {
  func.func @k() attributes {grid = [1]} {
    return
  }
  func.func @j() attributes {grid = [1]} {
    return
  }
}
