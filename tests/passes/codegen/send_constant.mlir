// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// send_constant.mlir - the SFU sends a constant it made (a carried
// accumulator's initial value, as ktc-lower writes one without ktc-nest):
// a vconst then a send; the send's operand is defined by an op with no
// operands (codegen once read its first operand, and crashed).
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %sfu : {
      %z = vectorchain.constant_bitstream {value = [0]} : vector<1xf16>
      dataflow.send %l1su, %z {fifo_depth = 16 : i64} : vector<1xf16>
    }
    dataflow.program_unit %l1su : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<1xf16>
      %x = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<1xf16>
      agen.vector_store %x, %a[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 == 0)>} : memref<1xf16>, vector<1xf16>
    }
    return
  }
}
