// timing_two.mlir - two cores of DMA units sharing device memory, every
// bandwidth and latency given, for the roofline test of the aggregate's
// read part (sim_test.c: roofline_aggregate_reads): device memory reads
// 128 B/cycle per core after 100 cycles, writes 64 B/cycle after 50, its
// aggregate 128 B/cycle for both cores; on-core links 128 B/cycle after 10.

#DMA_LOAD = {
  ktdf_arch.feature.load = {
    word_size = #ktdf_arch.map<"DDR" = 64, "L1" = 64>,
    access_granularity = #ktdf_arch.map<
      "DDR" = [{size_in_words = 1, align_in_words = 1}],
      "L1" = [{size_in_words = 1, align_in_words = 1}]>
  }
}
#DMA_STORE = {
  ktdf_arch.feature.store = {
    word_size = #ktdf_arch.map<"DDR" = 64, "L1" = 64>,
    access_granularity = #ktdf_arch.map<
      "DDR" = [{size_in_words = 1, align_in_words = 1}],
      "L1" = [{size_in_words = 1, align_in_words = 1}]>
  }
}
#READ = {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 128,
         ktdf_arch.latency = 100}
#WRITE = {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 64,
          ktdf_arch.latency = 50}
#PORT = {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 128,
         ktdf_arch.latency = 10}

ktdf_arch.device @timing_two attributes {
  mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR",
                                     #ktdp.memory_space<ct_local> = "L1">
} {
  %ddr = memory {kind = "DDR", size = 1073741824, ktdf_arch.aggregate_bandwidth = 128}
  group {kind = "core"} share(%ddr) {
    %l1 = memory {kind = "L1", size = 1048576}
    %mnilu = exec_unit {kind = "MNILU", ktdf_arch.features = #DMA_LOAD}
    %mnisu = exec_unit {kind = "MNISU", ktdf_arch.features = #DMA_STORE}
    datapath #READ %ddr to %mnilu : memory, exec_unit
    datapath #PORT %mnilu to %l1 : exec_unit, memory
    datapath #PORT %l1 to %mnisu : memory, exec_unit
    datapath #WRITE %mnisu to %ddr : exec_unit, memory
  }
  group {kind = "core"} share(%ddr) {
    %l1 = memory {kind = "L1", size = 1048576}
    %mnilu = exec_unit {kind = "MNILU", ktdf_arch.features = #DMA_LOAD}
    %mnisu = exec_unit {kind = "MNISU", ktdf_arch.features = #DMA_STORE}
    datapath #READ %ddr to %mnilu : memory, exec_unit
    datapath #PORT %mnilu to %l1 : exec_unit, memory
    datapath #PORT %l1 to %mnisu : memory, exec_unit
    datapath #WRITE %mnisu to %ddr : exec_unit, memory
  }
}
