// RUN: ktc-arch summary
// masked_writes is a flag (a unit attribute), not a value.
ktdf_arch.device @bad {
  %m = memory {kind = "MEM"}
  %u = exec_unit {kind = "U", ktdf_arch.features = {
    ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"MEM" = 64>, masked_writes = 1}}}
}
