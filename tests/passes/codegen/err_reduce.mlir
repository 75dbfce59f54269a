// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_reduce.mlir - a sum over a group of 4096 f16 in ktc-interp's pairwise
// order: the first half (2048 elements, 32 registers of 64 lanes) must stay
// in the SFU's registers while the second half streams in; it does not fit
// beside the temporaries (not supported yet). A maximum of the same width
// would stream piece by piece.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<4096xf16>
      %va = agen.vector_load %a[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 4095 >= 0)>} : memref<4096xf16>, vector<4096xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<4096xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<4096xf16>
      %z = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %s = vectorchain.reduce %x, %z {reduce_op = #vectorchain<binary_operator add>} : vector<4096xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %s {fifo_depth = 16 : i64} : vector<1xf16>
    }
    return
  }
}
