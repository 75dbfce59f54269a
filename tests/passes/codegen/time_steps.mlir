// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// time_steps.mlir - composite transfers of several time steps: 2x64 f16
// rows of a 16x64 tensor into a 2x64 buffer are one run of 256 bytes (the
// rows are contiguous on both sides); a 4x64 column block of a 16x128
// tensor is 4 rows of 128 bytes with strides (a dma with rows); a 2x2 grid
// of steps stored transposed is a loop around a dma with rows.
module {
  func.func @blocks(%x: index, %y: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    symbol.create_id %x {symbol_id = -1 : si64} : index
    symbol.create_id %y {symbol_id = -2 : si64} : index
    %mnilu = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %mnilu : {
      %sx = symbol.create_symbol {SymbolId = -1 : i64} : index
      %sy = symbol.create_symbol {SymbolId = -2 : i64} : index
      %vx = dataflow.get_logical_memory_view %ddr, %sx {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<16x64xf16>
      %vy = dataflow.get_logical_memory_view %ddr, %sy {layout_map = affine_map<(d0, d1) -> (d0 * 128 + d1)>} : index, index, memref<16x128xf16>
      %b0 = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<2x64xf16>
      %b1 = dataflow.get_logical_memory_view %l1, %c512 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<4x64xf16>
      %b2 = dataflow.get_logical_memory_view %l1, %c1024 {layout_map = affine_map<(d0, d1, d2) -> (d0 * 128 + d1 * 64 + d2)>} : index, index, memref<2x2x64xf16>
      agen.composite_load_and_store src:%vx[%c0, %c0] dst:%b0[%c0, %c0]
       time_symbols(), load_iv(%v0:vector<64xf16>)
       {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0) -> (d0, 0)>, store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, store_time_addr_map = affine_map<(d0) -> (d0, 0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>}
      {
        agen.yield
      } : memref<16x64xf16>, memref<2x64xf16>
      agen.composite_load_and_store src:%vy[%c0, %c0] dst:%b1[%c0, %c0]
       time_symbols(), load_iv(%v1:vector<64xf16>)
       {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0) -> (d0, 0)>, store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, store_time_addr_map = affine_map<(d0) -> (d0, 0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>}
      {
        agen.yield
      } : memref<16x128xf16>, memref<4x64xf16>
      agen.composite_load_and_store src:%vy[%c0, %c0] dst:%b2[%c0, %c0, %c0]
       time_symbols(), load_iv(%v2:vector<64xf16>)
       {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0, d1) -> (d0 * 8, d1 * 64)>, store_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>, store_set = affine_set<(d0, d1, d2) : (d0 == 0, d1 == 0, d2 >= 0, -d2 + 63 >= 0)>, store_time_addr_map = affine_map<(d0, d1) -> (d1, d0, 0)>, time_order = affine_map<(d0, d1) -> (d0, d1)>, time_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 1 >= 0)>}
      {
        agen.yield
      } : memref<16x128xf16>, memref<2x2x64xf16>
    }
    return
  }
}
