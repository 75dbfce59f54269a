// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// wide_producer.mlir - sums of 192 f16 on a 64-lane SFU (3 pieces: ktc-lower
// leaves an odd number of pieces whole) through an elementwise producer
// between the receive and the reduction, applied to each lane-wide piece as
// it is received: x * x (one vbin), and max(x, 0) as ktc-split lowers it (a
// compare with the broadcast 0, a select), the broadcast a shuffle of the
// piece's width from the one-element constant. The first 96 of each are
// held (64 + 32 lanes), the next 96 combined at once, then ktc-interp's
// pairwise tree over the 96 sums in registers.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<192xf16>
      %va = agen.vector_load %a[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 191 >= 0)>} : memref<192xf16>, vector<192xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<192xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<192xf16>
    }
    dataflow.program_unit %sfu : {
      %z = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<192xf16>
      %sq = vectorchain.binary %x, %x {binary_op = #vectorchain<binary_operator mul>} : vector<192xf16>, vector<192xf16>, vector<192xf16>
      %s = vectorchain.reduce %sq, %z {reduce_op = #vectorchain<binary_operator add>} : vector<192xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %s {fifo_depth = 16 : i64} : vector<1xf16>
      %zb = vectorchain.shuffle input(%z) {indices = [0 : i32], repetition = 192 : i32} : vector<1xf16>, vector<192xf16>
      %y = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<192xf16>
      %gt = vectorchain.compare %y, %zb {compare_op = #vectorchain<cmpf_predicate ogt>} : vector<192xf16>, vector<192xf16>, vector<192xi1>
      %r = vectorchain.select %gt, %y, %zb : vector<192xi1>, vector<192xf16>, vector<192xf16>, vector<192xf16>
      %t = vectorchain.reduce %r, %z {reduce_op = #vectorchain<binary_operator add>} : vector<192xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %t {fifo_depth = 16 : i64} : vector<1xf16>
    }
    dataflow.program_unit %l1su : {
      %c = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<2xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %r, %c[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<2xf16>, vector<1xf16>
      %c1 = arith.constant 1 : index
      %q = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %q, %c[%c1] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<2xf16>, vector<1xf16>
    }
    return
  }
}
