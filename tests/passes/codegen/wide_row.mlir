// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// wide_row.mlir - maxima of the 2 rows of 128 of a 256-element vector on a
// 64-lane SFU: each row comes in two lane-wide pieces, folded together
// (the first level of ktc-interp's tree), then within the lanes; each
// maximum is combined with its init and sent on by itself.
module {
  func.func @row_max() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 128 + d1)>} : index, index, memref<2x128xf16>
      %va = agen.vector_load %a[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 127 >= 0)>} : memref<2x128xf16>, vector<256xf16>
      dataflow.send %sfu, %va {fifo_depth = 16 : i64} : vector<256xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<256xf16>
      %z = vectorchain.constant_bitstream {value = [64512]} : vector<1xf16>
      %i = vectorchain.shuffle input(%z) {indices = [0 : i32], repetition = 2 : i32} : vector<1xf16>, vector<2xf16>
      %s = vectorchain.reduce %x, %i {reduce_op = #vectorchain<binary_operator max>} : vector<256xf16>, vector<2xf16>, vector<2xf16>
      dataflow.send %l1su, %s {fifo_depth = 16 : i64} : vector<2xf16>
    }
    dataflow.program_unit %l1su : {
      %c = dataflow.get_logical_memory_view %l1, %c512 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<2xf16>
      %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<2xf16>
      agen.vector_store %r, %c[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>} : memref<2xf16>, vector<2xf16>
    }
    return
  }
}
