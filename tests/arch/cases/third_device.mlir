// RUN: ktc-arch summary
// A device written only for the tests, to show that nothing in ktc knows
// unit names: two tiles of two lanes, other names everywhere, 128-lane
// vector units, and no scratchpad load/store units: the vector unit reads
// and writes the scratchpad itself, so routes from HBM are one hop shorter.
#VPU = {kind = "VPU", ktdf_arch.features = {
  ktdf_arch.feature.compute,
  ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 128, f32 = 64>},
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"SPM" = 256>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"SPM" = 256>}}}
#DMA_IN = {kind = "DMA_IN", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"HBM" = 256, "SPM" = 256>}}}
#DMA_OUT = {kind = "DMA_OUT", ktdf_arch.features = {
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"HBM" = 256, "SPM" = 256>}}}
#FAR = {ktdf_arch.bandwidth = 256, ktdf_arch.latency = 200}
#NEAR = {ktdf_arch.bandwidth = 256, ktdf_arch.latency = 2}

ktdf_arch.device @third {
  %hbm = memory {kind = "HBM", size = 17179869184}
  group @tile0 {kind = "tile"} share(%hbm) {
    %spm = memory {kind = "SPM", size = 4194304}
    %in = exec_unit #DMA_IN
    %out = exec_unit #DMA_OUT
    datapath #FAR %hbm to %in : memory, exec_unit
    datapath #NEAR %in to %spm : exec_unit, memory
    datapath #NEAR %spm to %out : memory, exec_unit
    datapath #FAR %out to %hbm : exec_unit, memory
    group @tile0_lane0 {kind = "lane"} share(%spm) {
      %vpu = exec_unit #VPU
      datapath #NEAR %spm to %vpu : memory, exec_unit
      datapath #NEAR %vpu to %spm : exec_unit, memory
    }
    group @tile0_lane1 {kind = "lane"} share(%spm) {
      %vpu = exec_unit #VPU
      datapath #NEAR %spm to %vpu : memory, exec_unit
      datapath #NEAR %vpu to %spm : exec_unit, memory
    }
  }
  group @tile1 {kind = "tile"} share(%hbm) {
    %spm = memory {kind = "SPM", size = 4194304}
    %in = exec_unit #DMA_IN
    %out = exec_unit #DMA_OUT
    datapath #FAR %hbm to %in : memory, exec_unit
    datapath #NEAR %in to %spm : exec_unit, memory
    datapath #NEAR %spm to %out : memory, exec_unit
    datapath #FAR %out to %hbm : exec_unit, memory
    group @tile1_lane0 {kind = "lane"} share(%spm) {
      %vpu = exec_unit #VPU
      datapath #NEAR %spm to %vpu : memory, exec_unit
      datapath #NEAR %vpu to %spm : exec_unit, memory
    }
    group @tile1_lane1 {kind = "lane"} share(%spm) {
      %vpu = exec_unit #VPU
      datapath #NEAR %spm to %vpu : memory, exec_unit
      datapath #NEAR %vpu to %spm : exec_unit, memory
    }
  }
}
