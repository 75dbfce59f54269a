// RUN: ktc-arch summary
// A store unit that writes part of a word under a byte mask (masked_writes,
// the reference's agen.set_transfer_mask_state) next to one that does not.
ktdf_arch.device @masked {
  %mem = memory {kind = "MEM"}
  %l1 = memory {kind = "L1"}
  %su = exec_unit {kind = "SU", ktdf_arch.features = {
    ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"MEM" = 64, "L1" = 64>,
      access_granularity = #ktdf_arch.map<"MEM" = [{size_in_words = 1}]>, masked_writes}}}
  %su2 = exec_unit {kind = "SU2", ktdf_arch.features = {
    ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"MEM" = 64>}}}
  datapath %l1 to %su : memory, exec_unit
  datapath %su to %mem : exec_unit, memory
  datapath %l1 to %su2 : memory, exec_unit
  datapath %su2 to %mem : exec_unit, memory
}
