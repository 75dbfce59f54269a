// !spyreop.df16 is a float type the intrinsics accept.
func.func @f(%x: !spyreop.df16) -> !spyreop.df16 {
  %0 = spyreop.gelu %x : !spyreop.df16
  return %0 : !spyreop.df16
}
