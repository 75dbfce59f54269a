// sample_scatter.mlir - the sample device (arch/devices/sample.mlir) with
// one change for indirect stores: its DMA store unit MNISU also reads
// device memory over a read port of its own (a datapath DDR -> MNISU and a
// load feature for DDR), so it can read a scatter's index (ld) before the
// DMA that writes the block there. On sample and spyre the store unit
// only reads the scratchpad, and scatters are refused (ktc-codegen).
//
// What follows is sample.mlir's description:
// sample.mlir - the reference scheduler's sample device, described from the
// facts of its test device: one core on a 1 GiB DDR, with a 1 MiB L1
// scratchpad, a DMA load unit (MNILU, DDR -> L1) and store unit (MNISU,
// L1 -> DDR), and two identical corelets. Each corelet has an L1 load unit
// (L1LU), an L1 store unit (L1SU) and an SFU block: a 64-lane f16 SIMD unit
// with a 2 KiB register file. Corelet links are ordered FIFOs of depth 16.
//
// Bandwidths (bytes per cycle) on the DMA links are ktc's timing extension,
// taken from the reference's comment (256 B/cycle read, 128 B/cycle write);
// every other timing number is a default (arch/README.md). The memory-space
// mapping is the one the reference's kernels declare.

// DMA units move 64-byte words; any word-aligned access is allowed.
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
  },
  ktdf_arch.feature.load = {
    word_size = #ktdf_arch.map<"DDR" = 64>,
    access_granularity = #ktdf_arch.map<"DDR" = [{size_in_words = 1, align_in_words = 1}]>
  }
}

// Corelet load/store units work on bytes: 64-byte runs aligned to 64, or
// 2-byte elements aligned to 2.
#L1_GRANULES = #ktdf_arch.map<"L1" = [
  {size_in_words = 64, align_in_words = 64},
  {size_in_words = 2, align_in_words = 2}]>

#FIFO = {ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}}
#VECTOR_FIFO = {
  ktdf_arch.transfer_granularity = array<i64: 64, 2>,
  ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}
}

ktdf_arch.device @sample_scatter attributes {
  mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR",
                                     #ktdp.memory_space<ct_local> = "L1">
} {
  %ddr = memory {kind = "DDR", size = 1073741824}

  // The core: everything below DDR.
  group {kind = "core"} share(%ddr) {
    %l1 = memory {kind = "L1", size = 1048576}

    %mnilu = exec_unit {kind = "MNILU", ktdf_arch.features = #DMA_LOAD,
                        dataflow_scheduler.double_buffer_last}
    %mnisu = exec_unit {kind = "MNISU", ktdf_arch.features = #DMA_STORE,
                        dataflow_scheduler.double_buffer_last}

    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 256}
      %ddr to %mnilu : memory, exec_unit
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>} %mnilu to %l1 : exec_unit, memory
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>} %l1 to %mnisu : memory, exec_unit
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 128}
      %mnisu to %ddr : exec_unit, memory
    datapath {ktdf_arch.transfer_granularity = array<i64: 64>, ktdf_arch.bandwidth = 256}
      %ddr to %mnisu : memory, exec_unit

    // Corelet 0.
    group share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory {kind = "SFU_REG", size = 2048}
        %simd = exec_unit {kind = "SFU", ktdf_arch.features = {
          ktdf_arch.feature.compute,
          ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64>}}}
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit {kind = "L1LU", ktdf_arch.features = {
        ktdf_arch.feature.load = {access_granularity = #L1_GRANULES},
        ktdf_arch.feature.simd = {splat, zero_pad}}}
      %l1su = exec_unit {kind = "L1SU", ktdf_arch.features = {
        ktdf_arch.feature.store = {access_granularity = #L1_GRANULES}}}

      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }

    // Corelet 1, identical to corelet 0.
    group share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory {kind = "SFU_REG", size = 2048}
        %simd = exec_unit {kind = "SFU", ktdf_arch.features = {
          ktdf_arch.feature.compute,
          ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64>}}}
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit {kind = "L1LU", ktdf_arch.features = {
        ktdf_arch.feature.load = {access_granularity = #L1_GRANULES},
        ktdf_arch.feature.simd = {splat, zero_pad}}}
      %l1su = exec_unit {kind = "L1SU", ktdf_arch.features = {
        ktdf_arch.feature.store = {access_granularity = #L1_GRANULES}}}

      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }
  }
}
