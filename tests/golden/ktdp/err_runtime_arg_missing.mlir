// granularity can only be extracted from a runtime_arg that has one.
func.func @f(%a: !ktdp.runtime_arg<index>) {
  %g = ktdp.runtime_arg_extract granularity from %a : <index> -> index
  return
}
