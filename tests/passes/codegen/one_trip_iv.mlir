// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// one_trip_iv.mlir - a loop of one trip (ktc-nest's tile of one point)
// between a buffer's phase loop and the loops over its vectors: its IV is
// the constant 0, folded into the addresses. The load's address then has
// three register terms (phase, row, vector), which an address holds,
// instead of four, which took a `mul` (and an `add` for an offset) into a
// temporary before every load.
module {
  func.func @one_trip() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c4096 = arith.constant 4096 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %x = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0, d1, d2, d3) -> (d0 * 1024 + d1 * 1024 + d2 * 256 + d3)>} : index, index, memref<2x1x4x256xf16>
      scf.for %p = %c0 to %c2 step %c1 {
        scf.for %t = %c0 to %c1 step %c1 {
          scf.for %r = %c0 to %c4 step %c1 {
            scf.for %v = %c0 to %c4 step %c1 {
              %col = arith.muli %v, %c4 : index
              %col64 = arith.muli %col, %c4 : index
              %col256 = arith.muli %col64, %c4 : index
              %a = agen.vector_load %x[%p, %t, %r, %col256] {load_order = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, load_set = affine_set<(d0, d1, d2, d3) : (d0 == 0, d1 == 0, d2 == 0, d3 >= 0, -d3 + 63 >= 0)>} : memref<2x1x4x256xf16>, vector<64xf16>
              dataflow.send %sfu, %a {fifo_depth = 16 : i64} : vector<64xf16>
            }
          }
        }
      }
    }
    dataflow.program_unit %sfu : {
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          scf.for %k = %c0 to %c4 step %c1 {
            %a = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
            %s = vectorchain.binary %a, %a {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
            dataflow.send %l1su, %s {fifo_depth = 16 : i64} : vector<64xf16>
          }
        }
      }
    }
    dataflow.program_unit %l1su : {
      %y = dataflow.get_logical_memory_view %l1, %c4096 {layout_map = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : index, index, memref<32x64xf16>
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          scf.for %k = %c0 to %c4 step %c1 {
            %s = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
            %jk = arith.muli %j, %c4 : index
            %ijk0 = arith.muli %i, %c4 : index
            %ijk1 = arith.muli %ijk0, %c4 : index
            %row0 = arith.addi %ijk1, %jk : index
            %row = arith.addi %row0, %k : index
            agen.vector_store %s, %y[%row, %c0] {store_order = affine_map<(d0, d1) -> (d0, d1)>, store_set = affine_set<(d0, d1) : (d0 == 0, d1 >= 0, -d1 + 63 >= 0)>} : memref<32x64xf16>, vector<64xf16>
          }
        }
      }
    }
    return
  }
}
