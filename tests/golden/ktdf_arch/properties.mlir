// The ktdf_arch.* properties: features of units, queues and granularities
// of links.
ktdf_arch.device @d {
  %ddr = memory {kind = "DDR", size = 17179869184}
  %ls = exec_unit {ktdf_arch.features = {
    ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"DDR" = 1>,
      access_granularity = #ktdf_arch.map<"DDR" = [{size_in_words = 1, align_in_words = 1}, {size_in_words = 128}]>},
    ktdf_arch.feature.store,
    ktdf_arch.feature.simd = {splat, zero_pad}}}
  %cpu = exec_unit {kind = "CPU", ktdf_arch.features = {ktdf_arch.feature.compute,
    ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f32 = 4, f16 = 8>}}}
  datapath {ktdf_arch.bandwidth = 128, ktdf_arch.transfer_granularity = array<i64: 4, 8, 16>} %ddr to %ls : memory, exec_unit
  datapath {ktdf_arch.overlaps = ["q"], ktdf_arch.features = {ktdf_arch.feature.queue = {size = 4096, depth = 256, ordered}}} %ls to %cpu : exec_unit, exec_unit
}
