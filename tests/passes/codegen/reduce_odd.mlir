// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// reduce_odd.mlir - a sum over a group of 48 lanes in ktc-interp's pairwise
// order: 48 -> 24 -> 12 -> 6 pair in place (vshuf + vred over pairs); 3 is
// odd: the halves are shuffled apart with the last lane in both, added
// (vbin), and the last lane put back by vsel on a constant i1 mask; 2 -> 1.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %sfu : {
      %x = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
      %y = vectorchain.shuffle input(%x) {indices = [0 : i32], repetition = 48 : i32} : vector<1xf16>, vector<48xf16>
      %z = vectorchain.reduce %y, %x {reduce_op = #vectorchain<binary_operator add>} : vector<48xf16>, vector<1xf16>, vector<1xf16>
    }
    return
  }
}
