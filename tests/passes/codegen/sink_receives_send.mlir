// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// sink_receives_send.mlir - receive sinking (codegen_sched.c) stops at a
// send: the SFU receives a and b, then computes a + a, sends it, and
// computes b + b. a's receive stays where a is first used; b's moves down
// past a + a (arithmetic) but not past the send, which another unit may
// be waiting on: `recv a; add; recv b; send; add; send`.
module {
  func.func @sink_send() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %x = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      %v = agen.vector_load %x[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
      dataflow.send %sfu, %v {fifo_depth = 16 : i64} : vector<64xf16>
      dataflow.send %sfu, %v {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %sfu : {
      %a = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %b = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %a2 = vectorchain.binary %a, %a {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
      dataflow.send %l1su, %a2 {fifo_depth = 16 : i64} : vector<64xf16>
      %b2 = vectorchain.binary %b, %b {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
      dataflow.send %l1su, %b2 {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %l1su : {
      %y = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
      agen.vector_store %r, %y[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
      %s = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
      agen.vector_store %s, %y[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
    }
    return
  }
}
