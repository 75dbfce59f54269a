// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// err_masked_sample.mlir - dma_masked.mlir on the sample device, whose
// MNISU has no masked writes: a 4-byte store, part of a 64-byte word, fits
// none of its accesses (ktc-path-expand makes a read-modify-write of the
// word there).
module {
  func.func @store2(%x: index, %i: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c131 = arith.constant 131 : index
    symbol.create_id %x {symbol_id = -1 : si64} : index
    symbol.create_id %i {symbol_id = -2 : si64} : index
    %off = arith.muli %i, %c64 : index
    %start = arith.addi %x, %off : index
    symbol.create_id %start {symbol_id = -3 : si64} : index
    %mnisu = dataflow.get_unit {core = 0 : i32, name = "C0-MNISU", type = "MNISU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %mnisu : {
      %s = symbol.create_symbol {SymbolId = -3 : i64} : index
      %src = dataflow.get_logical_memory_view %l1, %c131 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<2xf16>
      %dst = dataflow.get_logical_memory_view %ddr, %s {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      agen.composite_load_and_store src:%src[%c0] dst:%dst[%c0]
       time_symbols(), load_iv(%v:vector<2xf16>)
       {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 1 >= 0)>, load_time_addr_map = affine_map<(d0) -> (0)>, store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 - 3 >= 0, -d0 + 4 >= 0)>, store_time_addr_map = affine_map<(d0) -> (0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 == 0)>}
      {
        agen.yield
      } : memref<2xf16>, memref<64xf16>
    }
    return
  }
}
