// The generic form reads back into the custom one.
"ktdf_arch.device"() ({
  %m = "ktdf_arch.memory"() {kind = "L1"} : () -> !ktdf_arch.memory
  %g = "ktdf_arch.group"(%m) ({
  ^bb0(%inner: !ktdf_arch.memory):
    %u = "ktdf_arch.exec_unit"() : () -> !ktdf_arch.exec_unit
    "ktdf_arch.datapath"(%inner, %u) : (!ktdf_arch.memory, !ktdf_arch.exec_unit) -> ()
    "ktdf_arch.yield"(%u) : (!ktdf_arch.exec_unit) -> ()
  }) : (!ktdf_arch.memory) -> !ktdf_arch.exec_unit
}) {sym_name = "d"} : () -> ()
