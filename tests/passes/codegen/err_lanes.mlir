// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_lanes.mlir - a vector of 128 f16 reaches the SFU, whose f16 lanes are
// 64: an error at the receive (the L1 load unit has no lanes to exceed).
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 128 + d1)>} : index, index, memref<1x128xf16>
      %v = agen.vector_load %a[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 127 >= 0)>} : memref<1x128xf16>, vector<128xf16>
      dataflow.send %sfu, %v {fifo_depth = 16 : i64} : vector<128xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<128xf16>
    }
    return
  }
}
