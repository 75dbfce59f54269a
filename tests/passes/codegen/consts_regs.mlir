// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// consts_regs.mlir - a constant made once at the program's start holds a
// vector register for the whole program. This row loop needs all 32 at
// once after its constant's last use (31 vectors received, then the first
// sum's result), so the program is translated again with its constant
// made in the loop, where it is: it compiles, with the vconst each row.
module {
  func.func @consts_regs() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c512 = arith.constant 512 : index
    %l1lu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1LU-CL0", type = "L1LU"} : index
    %sfu = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-SFU-CL0", type = "SFU"} : index
    %l1su = dataflow.get_unit {core = 0 : i32, corelet = 0 : i32, name = "C0-L1SU-CL0", type = "L1SU"} : index
    %l1 = dataflow.get_unit {core = 0 : i32, name = "C0-L1", type = "L1"} : index
    dataflow.program_unit %l1lu : {
      %a = dataflow.get_logical_memory_view %l1, %c0 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      scf.for %i = %c0 to %c4 step %c1 {
        scf.for %j = %c0 to %c32 step %c1 {
          %v = agen.vector_load %a[%c0] {load_order = affine_map<(d0) -> (d0)>, load_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
          dataflow.send %sfu, %v {fifo_depth = 16 : i64} : vector<64xf16>
        }
      }
    }
    dataflow.program_unit %sfu : {
      scf.for %i = %c0 to %c4 step %c1 {
        %x = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %one = vectorchain.constant_bitstream {value = [15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360, 15360]} : vector<64xf16>
        %y = vectorchain.binary %x, %one {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        dataflow.send %l1su, %y {fifo_depth = 16 : i64} : vector<64xf16>
        %r1 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r2 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r3 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r4 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r5 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r6 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r7 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r8 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r9 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r10 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r11 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r12 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r13 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r14 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r15 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r16 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r17 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r18 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r19 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r20 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r21 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r22 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r23 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r24 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r25 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r26 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r27 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r28 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r29 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r30 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %r31 = dataflow.receive %l1lu {fifo_depth = 16 : i64} : vector<64xf16>
        %s2 = vectorchain.binary %r1, %r2 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s3 = vectorchain.binary %s2, %r3 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s4 = vectorchain.binary %s3, %r4 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s5 = vectorchain.binary %s4, %r5 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s6 = vectorchain.binary %s5, %r6 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s7 = vectorchain.binary %s6, %r7 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s8 = vectorchain.binary %s7, %r8 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s9 = vectorchain.binary %s8, %r9 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s10 = vectorchain.binary %s9, %r10 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s11 = vectorchain.binary %s10, %r11 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s12 = vectorchain.binary %s11, %r12 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s13 = vectorchain.binary %s12, %r13 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s14 = vectorchain.binary %s13, %r14 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s15 = vectorchain.binary %s14, %r15 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s16 = vectorchain.binary %s15, %r16 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s17 = vectorchain.binary %s16, %r17 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s18 = vectorchain.binary %s17, %r18 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s19 = vectorchain.binary %s18, %r19 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s20 = vectorchain.binary %s19, %r20 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s21 = vectorchain.binary %s20, %r21 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s22 = vectorchain.binary %s21, %r22 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s23 = vectorchain.binary %s22, %r23 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s24 = vectorchain.binary %s23, %r24 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s25 = vectorchain.binary %s24, %r25 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s26 = vectorchain.binary %s25, %r26 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s27 = vectorchain.binary %s26, %r27 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s28 = vectorchain.binary %s27, %r28 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s29 = vectorchain.binary %s28, %r29 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s30 = vectorchain.binary %s29, %r30 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        %s31 = vectorchain.binary %s30, %r31 {binary_op = #vectorchain<binary_operator add>} : vector<64xf16>, vector<64xf16>, vector<64xf16>
        dataflow.send %l1su, %s31 {fifo_depth = 16 : i64} : vector<64xf16>
      }
    }
    dataflow.program_unit %l1su : {
      %y = dataflow.get_logical_memory_view %l1, %c512 {layout_map = affine_map<(d0) -> (d0)>} : index, index, memref<64xf16>
      scf.for %i = %c0 to %c4 step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          %r = dataflow.receive %sfu {fifo_depth = 16 : i64} : vector<64xf16>
          agen.vector_store %r, %y[%c0] {store_order = affine_map<(d0) -> (d0)>, store_set = affine_set<(d0) : (d0 >= 0, -d0 + 63 >= 0)>} : memref<64xf16>, vector<64xf16>
        }
      }
    }
    return
  }
}
