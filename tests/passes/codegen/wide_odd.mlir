// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// wide_odd.mlir - reductions of 200 f16 on a 64-lane SFU (wider than the
// lanes, not a power of two). The sum in ktc-interp's pairwise order: the
// first 100 elements are received into two registers (64 + 36), the next
// 100 in pieces aligned with them and added at once (the tree's first
// level); each later level (50, 25, 13, 7, 4, 2, 1) gathers its halves
// register by register (vshuf; vsel on a constant mask where a window spans
// two registers) and keeps an odd last element. The maximum folds the
// whole pieces (64, 64, 64) lane by lane as they arrive and reduces them
// once (vred), before the last 8, reduced alone: any order gives the same
// maximum.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<200xf16>
      %va = agen.vector_load %a[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 199 >= 0)>} : memref<200xf16>, vector<200xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<200xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<200xf16>
    }
    dataflow.program_unit %sfu : {
      %z = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<200xf16>
      %s = vectorchain.reduce %x, %z {reduce_op = #vectorchain<binary_operator add>} : vector<200xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %s {fifo_depth = 16 : i64} : vector<1xf16>
      %y = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<200xf16>
      %t = vectorchain.reduce %y, %z {reduce_op = #vectorchain<binary_operator max>} : vector<200xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %t {fifo_depth = 16 : i64} : vector<1xf16>
    }
    dataflow.program_unit %l1su : {
      %c = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<1xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %r, %c[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<1xf16>, vector<1xf16>
      %q = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %q, %c[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<1xf16>, vector<1xf16>
    }
    return
  }
}
