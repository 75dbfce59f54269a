// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// carried.mlir - loops carrying indices (the reference's double-buffer
// lowering): the L1 buffer a DMA fills toggles between bytes 0 and 128 (a
// carried element address, yielded as 64 - cur), and two carried values
// swap at every step (through temporaries, since each new value reads the
// other's register).
module {
  func.func @toggle(%x: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    symbol.create_id %x {symbol_id = -1 : si64} : index
    %mnilu = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %mnilu : {
      %sx = symbol.create_symbol {SymbolId = -1 : i64} : index
      %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %c0) -> (index) {
        %off = arith.muli %i, %c64 : index
        %at = arith.addi %sx, %off : index
        %src = dataflow.get_logical_memory_view %ddr, %at {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
        %dst = dataflow.get_logical_memory_view %l1, %cur {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
        agen.composite_load_and_store src:%src[%c0, %c0] dst:%dst[%c0, %c0]
         time_symbols(), load_iv(%v:vector<64xf16>)
         {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0) -> (0, 0)>, store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, store_time_addr_map = affine_map<(d0) -> (0, 0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 == 0)>}
        {
          agen.yield
        } : memref<1x64xf16>, memref<1x64xf16>
        %next = arith.subi %c64, %cur : index
        scf.yield %next : index
      }
      %a, %b = scf.for %i = %c0 to %c8 step %c1 iter_args(%p = %c0, %q = %c64) -> (index, index) {
        scf.yield %q, %p : index, index
      }
    }
    return
  }
}
