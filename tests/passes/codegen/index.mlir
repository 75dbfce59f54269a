// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// index.mlir - index arithmetic: a runtime_arg's value (symbol -2) bounds a
// loop; a value over the arguments that is not linear (n / 2) is a symbol of
// its own; inside the loop, what is linear in the loop variable folds into
// the addresses, and remainders and quotients by constants are scalar
// instructions (rem, div) into registers.
module {
  func.func @gather(%x: index, %n: !ktdp.runtime_arg<i32>) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    symbol.create_id %x {symbol_id = -1 : si64} : index
    %nv = ktdp.runtime_arg_extract value from %n : <i32> -> i32
    %ni = arith.index_cast %nv : i32 to index
    symbol.create_id %ni {symbol_id = -2 : si64} : index
    %half = arith.divui %ni, %c2 : index
    symbol.create_id %half {symbol_id = -3 : si64} : index
    %mnilu = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %mnilu : {
      %sx = symbol.create_symbol {SymbolId = -1 : i64} : index
      %count = symbol.create_symbol {SymbolId = -2 : i64} : index
      %h = symbol.create_symbol {SymbolId = -3 : i64} : index
      scf.for %i = %h to %count step %c1 {
        %r = arith.remui %i, %c4 : index
        %q = arith.divui %i, %c4 : index
        %e = affine.apply affine_map<(d0, d1) -> (d0 * 256 + d1 * 64)>(%q, %r)
        %at = arith.addi %sx, %e : index
        %src = dataflow.get_logical_memory_view %ddr, %at {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
        %slot = arith.muli %r, %c64 : index
        %dst = dataflow.get_logical_memory_view %l1, %slot {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
        agen.composite_load_and_store src:%src[%c0, %c0] dst:%dst[%c0, %c0]
         time_symbols(), load_iv(%v:vector<64xf16>)
         {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0) -> (0, 0)>, store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, store_time_addr_map = affine_map<(d0) -> (0, 0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 == 0)>}
        {
          agen.yield
        } : memref<1x64xf16>, memref<1x64xf16>
      }
    }
    return
  }
}
