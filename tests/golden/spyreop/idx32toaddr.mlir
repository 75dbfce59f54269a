// idx32toaddr with SSA base and stride, and the older integer form.
func.func @f(%i: i32, %b: i32, %s: i32) {
  %0 = spyreop.idx32toaddr %i base %b stride %s
  %1 = spyreop.idx32toaddr %i base 0x1000 stride 4
  %2 = spyreop.idx32toaddr %i base %b stride 2
  return
}
