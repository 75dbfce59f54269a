// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// carry_const.mlir - a loop carrying a vector whose initial value (a splat
// of 0) is also read inside the loop (ktc-lower made the loop's own 0 and
// the init one value): the loop carries the sum in a register of its own,
// a copy of the init, and the 0 the body adds keeps its register. (Carried
// in the init's register, the body's 0 became the running sum: a ring
// all-reduce in a loop of 3 summed 21 for 9.)
module {
  func.func @carry_const() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c128 = arith.constant 128 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %x = agen.vector_load %a[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
      dataflow.send %sfu, %x {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %sfu : {
      %z = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %zero = vectorchain.shuffle input(%z) {indices = [0 : i32], repetition = 64 : i32} : vector<1xf16>, vector<64xf16>
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (vector<64xf16>) {
        %t = vectorchain.binary %zero, %x {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %next = vectorchain.binary %acc, %t {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        scf.yield %next : vector<64xf16>
      }
      dataflow.send %l1su, %sum {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %l1su : {
      %y = dataflow.get_logical_memory_view %l1, %c128 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
      agen.vector_store %r, %y[%c0, %c0] {store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
    }
    return
  }
}
