// runtime_arg_extract reads the value or a type parameter; the runtime_arg
// type may be written with its prefix elided.
func.func @f(%a: !ktdp.runtime_arg<i32, upperbound=1024, granularity=4>) {
  %v = ktdp.runtime_arg_extract value from %a : <i32, granularity=4, upperbound=1024> -> i32
  %g = ktdp.runtime_arg_extract granularity from %a : !ktdp.runtime_arg<i32, granularity=4, upperbound=1024> -> index
  %u = ktdp.runtime_arg_extract upperbound from %a : <i32, granularity=4, upperbound=1024> -> index
  return
}
