// Two definitions of @twin.
ktdf_arch.device @twin {
  %m = memory {kind = "M"}
}
ktdf_arch.device @twin {
  %m = memory {kind = "N"}
}
