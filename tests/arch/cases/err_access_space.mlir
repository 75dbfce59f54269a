// RUN: ktc-arch summary
// A load unit names a memory kind the device does not have.
ktdf_arch.device @dangling {
  %m = memory {kind = "L1"}
  %u = exec_unit {kind = "U", ktdf_arch.features = {
    ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"L2" = 64>}}}
}
