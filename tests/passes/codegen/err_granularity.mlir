// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_granularity.mlir - the MNILU moves 64-byte words: a DMA of 16 f16
// (32 bytes) fits none of its accesses to DDR.
module {
  func.func @k() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    %mnilu = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %c4096 = arith.constant 4096 : index
    dataflow.program_unit %mnilu : {
      %src = dataflow.get_logical_memory_view %ddr, %c4096 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<16xf16>
      %dst = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<16xf16>
      agen.composite_load_and_store src:%src[%c0] dst:%dst[%c0]
       time_symbols(), load_iv(%x:vector<16xf16>)
       {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>, load_time_addr_map = affine_map<(d0) -> (0)>, store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 15 >= 0)>, store_time_addr_map = affine_map<(d0) -> (0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 == 0)>}
      {
        agen.yield
      } : memref<16xf16>, memref<16xf16>
    }
    return
  }
}
