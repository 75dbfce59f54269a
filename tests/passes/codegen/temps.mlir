// RUN: ktc-codegen --emit=text
// PARSE: --stage=dfir --device=sample
// PRINT: none
// temps.mlir - scalar temporaries are free after their value's last use:
// a chain of 66 products, each read only by the next, takes two registers
// in turn instead of one each (more than the 64 a unit has). %x, made
// before the inner loop and read at the end of its body, keeps its
// register through the whole loop (the next iteration reads it again), as
// do the loops' counters and the carried %acc; %j2, read after the inner
// loop only, too; %dead, never read, is free at once.
module {
  func.func @temps() attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %mnilu = dataflow.get_unit {core = 0 : i32, name = "C0-MNILU", type = "MNILU"} : index
    dataflow.program_unit %mnilu : {
      scf.for %j = %c0 to %c3 step %c1 {
        %x = arith.muli %j, %j : index
        %j2 = arith.remsi %j, %c3 : index
        %dead = arith.muli %x, %j : index
        %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %j) -> (index) {
          %a1 = arith.muli %acc, %i : index
          %a2 = arith.muli %a1, %i : index
          %a3 = arith.muli %a2, %i : index
          %a4 = arith.muli %a3, %i : index
          %a5 = arith.muli %a4, %i : index
          %a6 = arith.muli %a5, %i : index
          %a7 = arith.muli %a6, %i : index
          %a8 = arith.muli %a7, %i : index
          %a9 = arith.muli %a8, %i : index
          %a10 = arith.muli %a9, %i : index
          %a11 = arith.muli %a10, %i : index
          %a12 = arith.muli %a11, %i : index
          %a13 = arith.muli %a12, %i : index
          %a14 = arith.muli %a13, %i : index
          %a15 = arith.muli %a14, %i : index
          %a16 = arith.muli %a15, %i : index
          %a17 = arith.muli %a16, %i : index
          %a18 = arith.muli %a17, %i : index
          %a19 = arith.muli %a18, %i : index
          %a20 = arith.muli %a19, %i : index
          %a21 = arith.muli %a20, %i : index
          %a22 = arith.muli %a21, %i : index
          %a23 = arith.muli %a22, %i : index
          %a24 = arith.muli %a23, %i : index
          %a25 = arith.muli %a24, %i : index
          %a26 = arith.muli %a25, %i : index
          %a27 = arith.muli %a26, %i : index
          %a28 = arith.muli %a27, %i : index
          %a29 = arith.muli %a28, %i : index
          %a30 = arith.muli %a29, %i : index
          %a31 = arith.muli %a30, %i : index
          %a32 = arith.muli %a31, %i : index
          %a33 = arith.muli %a32, %i : index
          %a34 = arith.muli %a33, %i : index
          %a35 = arith.muli %a34, %i : index
          %a36 = arith.muli %a35, %i : index
          %a37 = arith.muli %a36, %i : index
          %a38 = arith.muli %a37, %i : index
          %a39 = arith.muli %a38, %i : index
          %a40 = arith.muli %a39, %i : index
          %a41 = arith.muli %a40, %i : index
          %a42 = arith.muli %a41, %i : index
          %a43 = arith.muli %a42, %i : index
          %a44 = arith.muli %a43, %i : index
          %a45 = arith.muli %a44, %i : index
          %a46 = arith.muli %a45, %i : index
          %a47 = arith.muli %a46, %i : index
          %a48 = arith.muli %a47, %i : index
          %a49 = arith.muli %a48, %i : index
          %a50 = arith.muli %a49, %i : index
          %a51 = arith.muli %a50, %i : index
          %a52 = arith.muli %a51, %i : index
          %a53 = arith.muli %a52, %i : index
          %a54 = arith.muli %a53, %i : index
          %a55 = arith.muli %a54, %i : index
          %a56 = arith.muli %a55, %i : index
          %a57 = arith.muli %a56, %i : index
          %a58 = arith.muli %a57, %i : index
          %a59 = arith.muli %a58, %i : index
          %a60 = arith.muli %a59, %i : index
          %a61 = arith.muli %a60, %i : index
          %a62 = arith.muli %a61, %i : index
          %a63 = arith.muli %a62, %i : index
          %a64 = arith.muli %a63, %i : index
          %a65 = arith.muli %a64, %i : index
          %a66 = arith.muli %a65, %i : index
          %y = arith.muli %a66, %x : index
          scf.yield %y : index
        }
        %z = arith.muli %r, %j2 : index
        %t = scf.for %k = %c0 to %z step %c1 iter_args(%b = %c0) -> (index) {
          %b2 = arith.addi %b, %k : index
          scf.yield %b2 : index
        }
      }
    }
    return
  }
}
