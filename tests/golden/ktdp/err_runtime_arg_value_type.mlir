// The extracted value has the runtime_arg's value type.
func.func @f(%a: !ktdp.runtime_arg<i32>) {
  %v = ktdp.runtime_arg_extract value from %a : <i32> -> index
  return
}
