// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// wide_reduce_joined.mlir - the sum of (x + r)^2 over a row of 192 f16 on
// a 64-lane SFU (a residual's sum of squares), both vectors received from
// the L1LU on one FIFO, x first. x is received whole into 3 lane-wide
// registers; r streams in as ktc-interp's pairwise tree takes it (its first
// half in pieces of 64 and 32, then the second half's), and each piece is
// joined to its share of x (a register as it is when the piece is one,
// else gathered by a shuffle) before the sum folds it.
module {
  func.func @residual_sumsq() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c384 = arith.constant 384 : index
    %c768 = arith.constant 768 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %x = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<192xf16>
      %r = dataflow.get_logical_memory_view %l1, %c384 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<192xf16>
      %vx = agen.vector_load %x[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 191 >= 0)>} : memref<192xf16>, vector<192xf16>
      %vr = agen.vector_load %r[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 191 >= 0)>} : memref<192xf16>, vector<192xf16>
      dataflow.send %sfu, %vx {fifo_depth = 16 : i64} : vector<192xf16>
      dataflow.send %sfu, %vr {fifo_depth = 16 : i64} : vector<192xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<192xf16>
      %r = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<192xf16>
      %h = vectorchain.binary %x, %r {binary_op = #vectorchain<binary_operator add>} : vector<192xf16>, vector<192xf16>, vector<192xf16>
      %q = vectorchain.binary %h, %h {binary_op = #vectorchain<binary_operator mul>} : vector<192xf16>, vector<192xf16>, vector<192xf16>
      %z = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %s = vectorchain.reduce %q, %z {reduce_op = #vectorchain<binary_operator add>} : vector<192xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %s {fifo_depth = 16 : i64} : vector<1xf16>
    }
    dataflow.program_unit %l1su : {
      %c = dataflow.get_logical_memory_view %l1, %c768 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<1xf16>
      %v = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %v, %c[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<1xf16>, vector<1xf16>
    }
    return
  }
}
