// RUN: ktc-arch summary
// masked_writes is a property of a store: a load unit cannot have it.
ktdf_arch.device @bad {
  %m = memory {kind = "MEM"}
  %u = exec_unit {kind = "U", ktdf_arch.features = {
    ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"MEM" = 64>, masked_writes}}}
}
