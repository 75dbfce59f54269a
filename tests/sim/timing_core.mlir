// timing_core.mlir - one core with every bandwidth and latency given, so the
// roofline tests (sim_test.c: roofline_*) can state their numbers by hand:
// device memory reads 128 B/cycle after 100 cycles, writes 64 B/cycle after
// 50, its aggregate 256 B/cycle; on-core links 128 B/cycle after 10 (DMA
// side) or 2 (corelet side); 64 f16 lanes.

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
#L1_GRANULES = #ktdf_arch.map<"L1" = [
  {size_in_words = 64, align_in_words = 64},
  {size_in_words = 2, align_in_words = 2}]>

#FIFO = {ktdf_arch.bandwidth = 128, ktdf_arch.latency = 2,
         ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}}
#VECTOR_FIFO = {
  ktdf_arch.transfer_granularity = array<i64: 128, 2>, ktdf_arch.bandwidth = 128,
  ktdf_arch.latency = 1,
  ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}
}

ktdf_arch.device @timing_core attributes {
  mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR",
                                     #ktdp.memory_space<ct_local> = "L1">
} {
  %ddr = memory {kind = "DDR", size = 1073741824, ktdf_arch.aggregate_bandwidth = 256}

  group {kind = "core"} share(%ddr) {
    %l1 = memory {kind = "L1", size = 1048576}
    %mnilu = exec_unit {kind = "MNILU", ktdf_arch.features = #DMA_LOAD}
    %mnisu = exec_unit {kind = "MNISU", ktdf_arch.features = #DMA_STORE}

    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 128,
              ktdf_arch.latency = 100} %ddr to %mnilu : memory, exec_unit
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 128,
              ktdf_arch.latency = 10} %mnilu to %l1 : exec_unit, memory
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 128,
              ktdf_arch.latency = 10} %l1 to %mnisu : memory, exec_unit
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 64,
              ktdf_arch.latency = 50} %mnisu to %ddr : exec_unit, memory

    group share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory {kind = "SFU_REG", size = 2048}
        %simd = exec_unit {kind = "SFU", ktdf_arch.features = {
          ktdf_arch.feature.compute,
          ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64>}}}
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit {kind = "L1LU", ktdf_arch.features = {
        ktdf_arch.feature.load = {access_granularity = #L1_GRANULES}}}
      %l1su = exec_unit {kind = "L1SU", ktdf_arch.features = {
        ktdf_arch.feature.store = {access_granularity = #L1_GRANULES}}}

      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }
  }
}
