// A group may export several units.
#core = {kind = "core"}
ktdf_arch.device @d {
  %a, %b = group #core share() {
    %x = exec_unit
    %y = exec_unit
    datapath %x to %y : exec_unit, exec_unit
    yield %x, %y
  } -> exec_unit, exec_unit
  datapath %b to %a : exec_unit, exec_unit
}
