// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// no_work.mlir - DataflowIR of a kernel with no work (no
// dataflow.program_unit): a binary without programs.
module {
  func.func @k() attributes {grid = [1]} {
    return
  }
}
