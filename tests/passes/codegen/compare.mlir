// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=spyre
// PRINT: none
// compare.mlir - comparisons and selects: vectorchain.compare becomes vcmp
// (the operands' type, the predicate as arith.cmpf/cmpi's number: ogt = 2,
// ult = 6) writing an i1 mask, vectorchain.select becomes vsel reading it.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %h = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      %w = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<32xi32>
      %vh = agen.vector_load %h[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
      dataflow.send %sfu, %vh {fifo_depth = 16 : i64} : vector<64xf16>
      dataflow.send %sfu, %vh {fifo_depth = 16 : i64} : vector<64xf16>
      %vw = agen.vector_load %w[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>} : memref<32xi32>, vector<32xi32>
      dataflow.send %sfu, %vw {fifo_depth = 16 : i64} : vector<32xi32>
      dataflow.send %sfu, %vw {fifo_depth = 16 : i64} : vector<32xi32>
    }
    dataflow.program_unit %l1su : {
      %h = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      %w = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<32xi32>
      %rh = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
      agen.vector_store %rh, %h[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
      %rw = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<32xi32>
      agen.vector_store %rw, %w[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 31 >= 0)>} : memref<32xi32>, vector<32xi32>
    }
    dataflow.program_unit %sfu : {
      %a = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %b = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %gt = vectorchain.compare %a, %b {compare_op = #vectorchain<cmpf_predicate ogt>} : vector<64xf16>, vector<64xf16>, vector<64xi1>
      %m = vectorchain.select %gt, %a, %b : vector<64xi1>, vector<64xf16>, vector<64xf16>, vector<64xf16>
      dataflow.send %l1su, %m {fifo_depth = 16 : i64} : vector<64xf16>
      %i = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<32xi32>
      %j = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<32xi32>
      %lt = vectorchain.compare %i, %j {compare_op = #vectorchain<cmpi_predicate ult>} : vector<32xi32>, vector<32xi32>, vector<32xi1>
      %n = vectorchain.select %lt, %i, %j : vector<32xi1>, vector<32xi32>, vector<32xi32>, vector<32xi32>
      dataflow.send %l1su, %n {fifo_depth = 16 : i64} : vector<32xi32>
    }
    return
  }
}
