// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_no_kernel.mlir - DataflowIR without any dataflow.program_unit.
module {
  func.func @k() attributes {grid = [1]} {
    return
  }
}
