// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_signal_unwaited.mlir - the L1LU signals the SFU, whose program never
// waits on it. Reported at the sync_send.
module {
  func.func @k() attributes {grid = [1]} {
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    dataflow.program_unit %l1lu : {
      dataflow.sync_send %sfu : index
    }
    return
  }
}
