// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// consts_once.mlir - the vector constants inside a program's loops are made
// once, at its start: a row's max and sum take their initial values (-inf,
// 0) from registers made before the row loop, and the second 0 (the same
// type and value) shares the first one's register. A constant outside every
// loop stays where it is.
module {
  func.func @consts_once() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c512 = arith.constant 512 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<4x64xf16>
      scf.for %i = %c0 to %c4 step %c1 {
        %row = agen.vector_load %a[%i, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<4x64xf16>, vector<64xf16>
        dataflow.send %sfu, %row {fifo_depth = 16 : i64} : vector<64xf16>
      }
    }
    dataflow.program_unit %sfu : {
      %one = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
      dataflow.send %l1su, %one {fifo_depth = 16 : i64} : vector<1xf16>
      scf.for %i = %c0 to %c4 step %c1 {
        %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %ninf = vectorchain.constant_bitstream {value = [64512]} : vector<1xf16>
        %m = vectorchain.reduce %x, %ninf {reduce_op = #vectorchain<binary_operator max>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
        %zero = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
        %s = vectorchain.reduce %x, %zero {reduce_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
        %zero2 = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
        %t = vectorchain.binary %s, %zero2 {binary_op = #vectorchain<binary_operator add>} : vector<1xf16>, vector<1xf16>, vector<1xf16>
        %y = vectorchain.binary %m, %t {binary_op = #vectorchain<binary_operator add>} : vector<1xf16>, vector<1xf16>, vector<1xf16>
        dataflow.send %l1su, %y {fifo_depth = 16 : i64} : vector<1xf16>
      }
    }
    dataflow.program_unit %l1su : {
      %y = dataflow.get_logical_memory_view %l1, %c512 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<5xf16>
      %r0 = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %r0, %y[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.addi %i, %c1 : index
        %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
        agen.vector_store %r, %y[%j] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
      }
    }
    return
  }
}
