// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// fifo.mlir - the corelet pipeline of one core: L1LU loads two 64-lane
// vectors from L1 and sends them to the SFU, which adds them and sends the
// sum to L1SU, which stores it. One FIFO channel per pair of instances,
// vector registers reused once a value is dead.
module {
  func.func @add_rows() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %b = dataflow.get_logical_memory_view %l1, %c64 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %va = agen.vector_load %a[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<64xf16>
      %vb = agen.vector_load %b[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
      dataflow.send %sfu, %vb {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %y = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %s = vectorchain.binary %x, %y {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
      %e = vectorchain.unary %s {unary_op = #vectorchain<unary_operator exp>} : vector<64xf16>, vector<64xf16>
      dataflow.send %l1su, %e {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %l1su : {
      %c = dataflow.get_logical_memory_view %l1, %c128 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
      agen.vector_store %r, %c[%c0, %c0] {store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
    }
    return
  }
}
