// RUN: ktc-arch summary
// Unit features in the summary: compute, load/store word sizes and access
// granularities per memory, SIMD lanes, splat, zero_pad, and discardable
// attributes kept as they are.
ktdf_arch.device @feat {
  %mem = memory {kind = "MEM"}
  %ls = exec_unit {kind = "LS", ktdf_arch.features = {
    ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"MEM" = 4>,
      access_granularity = #ktdf_arch.map<"MEM" = [{size_in_words = 8, align_in_words = 8}, {size_in_words = 1}]>},
    ktdf_arch.feature.store,
    ktdf_arch.feature.simd = {splat, zero_pad}}, my.hint = 3}
  %cu = exec_unit {kind = "CU", ktdf_arch.features = {ktdf_arch.feature.compute,
    ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 32, bf16 = 32, i8 = 128>}}}
  datapath {ktdf_arch.overlaps = ["bus"], ktdf_arch.features = {ktdf_arch.feature.queue = {size = 4096, depth = 8}}} %mem to %ls : memory, exec_unit
  datapath {ktdf_arch.overlaps = ["bus"]} %ls to %cu : exec_unit, exec_unit
}
