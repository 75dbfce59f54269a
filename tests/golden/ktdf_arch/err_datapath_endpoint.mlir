// Datapath endpoints are device nodes.
func.func @f(%a: i32) {
  "ktdf_arch.datapath"(%a, %a) : (i32, i32) -> ()
  return
}
