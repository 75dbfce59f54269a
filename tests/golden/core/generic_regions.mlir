// Generic-form ops of unknown dialects: two regions, several blocks with
// arguments, successors; labels are renumbered in order.
"test.graph"() ({
^entry(%arg: i32):
  %c = "test.const"() {value = 7 : i32} : () -> i32
  "test.cond_br"(%arg, %c)[^left, ^right] : (i32, i32) -> ()
^left:
  "test.br"(%c)[^join] : (i32) -> ()
^right:
  "test.br"(%arg)[^join] : (i32) -> ()
^join(%v: i32):
  "test.yield"(%v) : (i32) -> ()
}, {
  "test.empty"() ({}) : () -> ()
}) {tag = "two regions"} : () -> ()
