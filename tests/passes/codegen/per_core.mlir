// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=spyre
// PRINT: none
// per_core.mlir - one program per unit kind shared by the units of two
// cores: what differs per core (the loop bounds, the start symbol, the
// core's L1, the peer of each signal and FIFO) is a uniform.query_map on
// the running unit, which becomes an init register per unit or a port
// bound per unit. Signals keep lower's channel numbers apart; a value that
// is the same on every unit (the SFU's trip count) stays an immediate.
module {
  func.func @rows(%x: index) attributes {grid = [2]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    symbol.create_id %x {symbol_id = -1 : si64} : index
    %x1 = arith.addi %x, %c256 : index
    symbol.create_id %x1 {symbol_id = -2 : si64} : index
    %m0 = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    %m1 = dataflow.get_unit {core = 1 : i32, name = "C1-MNILU", type = "MNILU"} : index
    %u0 = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %u1 = dataflow.get_unit {core = 1 : i32, corelet = 0 : i32, name = "C1-L1LU-CL0", type = "L1LU"} : index
    %s0 = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %s1 = dataflow.get_unit {core = 1 : i32, corelet = 0 : i32, name = "C1-SFU-CL0", type = "SFU"} : index
    %ddr = dataflow.get_unit {name = "DDR", type = "DDR"} : index
    %l0 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    %l1 = dataflow.get_unit {core = 1 : i32, name = "C1-L1", type = "L1"} : index
    dataflow.program_unit iter_arg : %u -> (%m0, %m1) : {
      %lomap = uniform.def_immutable_mapping([%m0 -> %c0], [%m1 -> %c4]):index
      %lo = uniform.query_map(map:%lomap, key:%u) : index
      %himap = uniform.def_immutable_mapping([%m0 -> %c4], [%m1 -> %c8]):index
      %hi = uniform.query_map(map:%himap, key:%u) : index
      %a = symbol.create_symbol {SymbolId = -1 : i64} : index
      %b = symbol.create_symbol {SymbolId = -2 : i64} : index
      %smap = uniform.def_immutable_mapping([%m0 -> %a], [%m1 -> %b]):index
      %base = uniform.query_map(map:%smap, key:%u) : index
      %lmap = uniform.def_immutable_mapping([%m0 -> %l0], [%m1 -> %l1]):index
      %mine = uniform.query_map(map:%lmap, key:%u) : index
      %pmap = uniform.def_immutable_mapping([%m0 -> %u0], [%m1 -> %u1]):index
      %peer = uniform.query_map(map:%pmap, key:%u) : index
      %dst = dataflow.get_logical_memory_view %mine, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      scf.for %row = %lo to %hi step %c1 {
        %off = arith.muli %row, %c64 : index
        %at = arith.addi %base, %off : index
        %src = dataflow.get_logical_memory_view %ddr, %at {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
        agen.composite_load_and_store src:%src[%c0, %c0] dst:%dst[%c0, %c0]
         time_symbols(), load_iv(%v:vector<64xf16>)
         {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, load_time_addr_map = affine_map<(d0) -> (0, 0)>, store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>, store_time_addr_map = affine_map<(d0) -> (0, 0)>, time_order = affine_map<(d0) -> (d0)>, time_set = affine_set<(d0) : (d0 == 0)>}
        {
          agen.yield
        } : memref<1x64xf16>, memref<1x64xf16>
        dataflow.sync_send %peer {channel = 0 : i64, wait_immediately_for_async_transfers = true} : index
        dataflow.sync_recv %peer {channel = 1 : i64} : index
      }
    }
    dataflow.program_unit iter_arg : %u -> (%u0, %u1) : {
      %lomap = uniform.def_immutable_mapping([%u0 -> %c0], [%u1 -> %c4]):index
      %lo = uniform.query_map(map:%lomap, key:%u) : index
      %himap = uniform.def_immutable_mapping([%u0 -> %c4], [%u1 -> %c8]):index
      %hi = uniform.query_map(map:%himap, key:%u) : index
      %lmap = uniform.def_immutable_mapping([%u0 -> %l0], [%u1 -> %l1]):index
      %mine = uniform.query_map(map:%lmap, key:%u) : index
      %pmap = uniform.def_immutable_mapping([%u0 -> %m0], [%u1 -> %m1]):index
      %peer = uniform.query_map(map:%pmap, key:%u) : index
      %fmap = uniform.def_immutable_mapping([%u0 -> %s0], [%u1 -> %s1]):index
      %sfu = uniform.query_map(map:%fmap, key:%u) : index
      %src = dataflow.get_logical_memory_view %mine, %c0 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<1x64xf16>
      scf.for %row = %lo to %hi step %c1 {
        dataflow.sync_recv %peer {channel = 0 : i64} : index
        %v = agen.vector_load %src[%c0, %c0] {load_order = affine_map<(d0, d1) -> (d0, d1)>, load_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<1x64xf16>, vector<64xf16>
        dataflow.send %sfu, %v {fifo_depth = 16 : i64} : vector<64xf16>
        dataflow.sync_send %peer {channel = 1 : i64, wait_immediately_for_async_transfers = true} : index
      }
    }
    dataflow.program_unit iter_arg : %u -> (%s0, %s1) : {
      %lomap = uniform.def_immutable_mapping([%s0 -> %c0], [%s1 -> %c4]):index
      %lo = uniform.query_map(map:%lomap, key:%u) : index
      %pmap = uniform.def_immutable_mapping([%s0 -> %u0], [%s1 -> %u1]):index
      %peer = uniform.query_map(map:%pmap, key:%u) : index
      scf.for %row = %c0 to %c4 step %c1 {
        %v = dataflow.receive %peer {fifo_depth = 16 : i64} : vector<64xf16>
      }
    }
    return
  }
}
