// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_compare.mlir - a signed-integer predicate on floats: vectorchain.compare
// on f16 takes arith.cmpf's predicates only.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %sfu : {
      %a = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %gt = vectorchain.compare %a, %a {compare_op = #vectorchain<cmpf_predicate sgt>} : vector<64xf16>, vector<64xf16>, vector<64xi1>
    }
    return
  }
}
