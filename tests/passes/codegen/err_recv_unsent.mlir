// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_recv_unsent.mlir - the SFU receives a vector from the L1LU, whose
// program sends it nothing: the receive would wait forever. Reported at
// the receive (it was the SpyreCode channel's "fifo0 has 0 senders and 1
// receivers", with no location).
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    dataflow.program_unit %sfu : {
      %v = dataflow.receive %l1lu : vector<64xf16>
      dataflow.send %l1su, %v : vector<64xf16>
    }
    dataflow.program_unit %l1su : {
      %w = dataflow.receive %sfu : vector<64xf16>
    }
    return
  }
}
