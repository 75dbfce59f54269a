// Not a valid description: a datapath without its types.
ktdf_arch.device @broken {
  %m = memory {kind = "M"}
  datapath %m to %m
}
