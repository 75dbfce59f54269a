// words4.mlir - sticks.mlir with an L1 load and store unit that move 128-byte
// sticks or 4-byte words (no 2-byte element), for the refusal of a 2-byte
// splat (err_splat_granule.mlir).
#STICKS = #ktdf_arch.map<"DDR" = [{size_in_words = 1, align_in_words = 1}],
                         "L1" = [{size_in_words = 1, align_in_words = 1}]>
#MNILU = {kind = "MNILU", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"DDR" = 128, "L1" = 128>,
                            access_granularity = #STICKS}}}
#MNISU = {kind = "MNISU", ktdf_arch.features = {
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"DDR" = 128, "L1" = 128>,
                             access_granularity = #STICKS}}}
#SFU = {kind = "SFU", ktdf_arch.features = {ktdf_arch.feature.compute,
  ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64, f32 = 32, i32 = 32>}}}
#L1_GRANULES = #ktdf_arch.map<"L1" = [{size_in_words = 128, align_in_words = 128},
                                      {size_in_words = 4, align_in_words = 4}]>
#L1LU = {kind = "L1LU", ktdf_arch.features = {
  ktdf_arch.feature.load = {access_granularity = #L1_GRANULES},
  ktdf_arch.feature.simd = {splat, zero_pad}}}
#L1SU = {kind = "L1SU", ktdf_arch.features = {
  ktdf_arch.feature.store = {access_granularity = #L1_GRANULES}}}

ktdf_arch.device @words4 attributes {
  mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR",
                                     #ktdp.memory_space<ct_local> = "L1">
} {
  %ddr = memory {kind = "DDR", size = 1073741824}
  group @core0 {kind = "core"} share(%ddr) {
    %l1 = memory {kind = "L1", size = 2097152}
    %mnilu = exec_unit #MNILU
    %mnisu = exec_unit #MNISU
    datapath %ddr to %mnilu : memory, exec_unit
    datapath %mnilu to %l1 : exec_unit, memory
    datapath %l1 to %mnisu : memory, exec_unit
    datapath %mnisu to %ddr : exec_unit, memory
    group @core0_corelet0 {kind = "corelet"} share(%l1) {
      %sfu = exec_unit #SFU
      %l1lu = exec_unit #L1LU
      %l1su = exec_unit #L1SU
      datapath %l1 to %l1lu : memory, exec_unit
      datapath %l1lu to %sfu : exec_unit, exec_unit
      datapath %sfu to %l1su : exec_unit, exec_unit
      datapath %l1su to %l1 : exec_unit, memory
    }
  }
}
