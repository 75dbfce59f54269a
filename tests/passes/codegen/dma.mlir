// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// dma.mlir - one MNILU program copying a 1x64 f16 row of the argument
// tensor %x (row %i of a 64-wide matrix) into L1 at byte 256: a
// composite_load_and_store of one time step becomes one 128-byte dma, the
// start address a launch-time symbol over the tensor's address.
module {
  func.func @copy_row(%x: index, %i: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    symbol.create_id %x {symbol_id = -1 : si64} : index
    symbol.create_id %i {symbol_id = -2 : si64} : index
    %off = arith.muli %i, %c64 : index
    %start = arith.addi %x, %off : index
    symbol.create_id %start {symbol_id = -3 : si64} : index
    %mnilu = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %mnilu : {
      %s = symbol.create_symbol {SymbolId = -3 : i64} : index
      %src = dataflow.get_logical_memory_view %ddr, %s {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      %dst = dataflow.get_logical_memory_view %l1, %c128 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      agen.composite_load_and_store src:%src[%c0, %c0] dst:%dst[%c0, %c0]
       time_symbols(), load_iv(%v:vector<64xf16>)
       {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0) -> (0, 0)>, store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, store_time_addr_map = affine_map<(d0) -> (0, 0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 == 0)>}
      {
        agen.yield
      } : memref<1x64xf16>, memref<1x64xf16>
    }
    return
  }
}
