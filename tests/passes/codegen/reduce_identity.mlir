// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// reduce_identity.mlir - a reduction whose initial value is its op's
// identity for every result, NaNs and signed zeros included, skips the
// combine with it: maximumf's -inf (NaN wins), a sum's -0.0, a product's
// 1.0 (no vbin after the vred). Not maxnumf's -inf (maxnum(NaN, -inf) is
// -inf) nor a sum's +0.0 (-0.0 + +0.0 is +0.0): those keep their vbin.
module {
  func.func @reduce_identity() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c512 = arith.constant 512 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      %v = agen.vector_load %a[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
      dataflow.send %sfu, %v {fifo_depth = 16 : i64} : vector<64xf16>
    }
    dataflow.program_unit %sfu : {
      %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
      %i0 = vectorchain.constant_bitstream {value = [64512]} : vector<1xf16>
      %r0 = vectorchain.reduce %x, %i0 {reduce_op = #vectorchain<binary_operator max>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %r0 {fifo_depth = 16 : i64} : vector<1xf16>
      %i1 = vectorchain.constant_bitstream {value = [64512]} : vector<1xf16>
      %r1 = vectorchain.reduce %x, %i1 {reduce_op = #vectorchain<binary_operator maxnum>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %r1 {fifo_depth = 16 : i64} : vector<1xf16>
      %i2 = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      %r2 = vectorchain.reduce %x, %i2 {reduce_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %r2 {fifo_depth = 16 : i64} : vector<1xf16>
      %i3 = vectorchain.constant_bitstream {value = [32768]} : vector<1xf16>
      %r3 = vectorchain.reduce %x, %i3 {reduce_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %r3 {fifo_depth = 16 : i64} : vector<1xf16>
      %i4 = vectorchain.constant_bitstream {value = [15360]} : vector<1xf16>
      %r4 = vectorchain.reduce %x, %i4 {reduce_op = #vectorchain<binary_operator mul>} : vector<64xf16>, vector<1xf16>, vector<1xf16>
      dataflow.send %l1su, %r4 {fifo_depth = 16 : i64} : vector<1xf16>
    }
    dataflow.program_unit %l1su : {
      %out = dataflow.get_logical_memory_view %l1, %c512 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<5xf16>
      %y0 = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %y0, %out[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
      %y1 = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %y1, %out[%c1] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
      %y2 = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %y2, %out[%c2] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
      %y3 = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %y3, %out[%c3] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
      %y4 = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %y4, %out[%c4] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<5xf16>, vector<1xf16>
    }
    return
  }
}
