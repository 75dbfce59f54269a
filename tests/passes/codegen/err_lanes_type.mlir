// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_lanes_type.mlir - f32 vectors on the SFU of the sample device, which
// has lanes for f16 only: reported at the constant, and nothing more at
// the send that reads it.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %sfu : {
      %one = vectorchain.constant_bitstream {value = [1065353216]} : vector<1xf32>
      dataflow.send %l1su, %one {fifo_depth = 16 : i64} : vector<1xf32>
    }
    return
  }
}
