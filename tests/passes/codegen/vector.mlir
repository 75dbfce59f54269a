// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// vector.mlir - a softmax row on the SFU. A max reduction of 64 lanes into
// 1 is one vred (any order gives the same max) combined with its initial
// value (a constant bitstream, -inf); a sum is the pairwise tree ktc-interp
// folds (a shuffle pairing lanes j and j + L/2, a vred over the pairs, down
// to the last pair) then the initial value; results splatted back by a
// shuffle. The L1 load unit reads a column of a 64x2 buffer (an evenly
// strided run: vld with an element stride of 4 bytes).
module {
  func.func @shift_exp() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 2 + d1)>} : index, index, memref<64x2xf16>
      %col = agen.vector_load %a[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 63 >= 0, d1 == 0)>} : memref<64x2xf16>, vector<64xf16>
      dataflow.send %sfu, %col {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %ninf = vectorchain.constant_bitstream {value = [64512]} : vector<1xf16>
      %m = vectorchain.reduce %x, %ninf {reduce_op = #vectorchain<binary_operator max>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      %mrow = vectorchain.shuffle input(%m) {indices = [0 : i32], repetition = 64 : i32} : vector<1xf16>, vector<64xf16>
      %d = vectorchain.binary %x, %mrow {binary_op = #vectorchain<binary_operator sub>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
      %e = vectorchain.unary %d {unary_op = #vectorchain<unary_operator exp>} : vector<64xf16>, vector<64xf16>
      %zero = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %s = vectorchain.reduce %e, %zero {reduce_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      %srow = vectorchain.shuffle input(%s) {indices = [0 : i32], repetition = 64 : i32} : vector<1xf16>, vector<64xf16>
      %y = vectorchain.binary %e, %srow {binary_op = #vectorchain<binary_operator div>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
      dataflow.send %l1su, %y {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %l1su : {
      %y = dataflow.get_logical_memory_view %l1, %c512 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
      agen.vector_store %r, %y[%c0, %c0] {store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
    }
    return
  }
}
