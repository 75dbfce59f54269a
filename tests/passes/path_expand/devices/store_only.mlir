// store_only.mlir - devices/deep.mlir without its DMA load unit: HBM is
// written (DMA_OUT) but never read, so a store of part of an HBM word has
// no unit to load the rest of the word first.
#DMA_IN = {kind = "DMA_IN", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"HBM" = 256, "L2" = 256>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"L2" = 256>}}}
#DMA_OUT = {kind = "DMA_OUT", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"L2" = 256>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"HBM" = 256, "L2" = 256>}}}
#MOVER_IN = {kind = "MOVER_IN", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"L2" = 16>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"SPM" = 16>}}}
#MOVER_OUT = {kind = "MOVER_OUT", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"SPM" = 16>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"L2" = 16>}}}
#VPU = {kind = "VPU", ktdf_arch.features = {
  ktdf_arch.feature.compute,
  ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 32>},
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"SPM" = 64>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"SPM" = 64>}}}

ktdf_arch.device @store_only attributes {
  mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "HBM",
                                     #ktdp.memory_space<ct_local> = "L2">
} {
  %hbm = memory {kind = "HBM", size = 1073741824}
  group @core0 {kind = "core"} share(%hbm) {
    %l2 = memory {kind = "L2", size = 262144}
    %out = exec_unit #DMA_OUT
    datapath %l2 to %out : memory, exec_unit
    datapath %out to %hbm : exec_unit, memory
    group @core0_lane0 {kind = "lane"} share(%l2) {
      %spm = memory {kind = "SPM", size = 4096}
      %min = exec_unit #MOVER_IN
      %mout = exec_unit #MOVER_OUT
      %vpu = exec_unit #VPU
      datapath %l2 to %min : memory, exec_unit
      datapath %min to %spm : exec_unit, memory
      datapath %spm to %mout : memory, exec_unit
      datapath %mout to %l2 : exec_unit, memory
      datapath %spm to %vpu : memory, exec_unit
      datapath %vpu to %spm : exec_unit, memory
    }
  }
}
