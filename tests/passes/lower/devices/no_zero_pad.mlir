// two_core.mlir - spyre (arch/devices/spyre.mlir) cut to its first two cores:
// a device small enough for golden SpyreCode of tiles hosted several to a
// unit on more than one core (tests/passes/codegen/tiles_masked.mlir).
// 2 cores on a ring share 128 GiB of device memory (DDR).
// Each core has a 2 MiB scratchpad (L1), DMA units moving 128-byte sticks
// between DDR and L1 (MNILU loads, MNISU stores), a ring stop (RING) through
// which a core reads and writes the other cores' scratchpads, and two
// corelets as in the sample device: an L1 load unit (L1LU), an L1 store unit
// (L1SU) and an SFU block (SIMD of 64 f16 or 32 f32/i32 lanes with a 2 KiB
// register file), joined by ordered FIFOs of depth 16.

#DDR = {kind = "DDR", size = 137438953472, ktdf_arch.aggregate_bandwidth = 204}
#L1 = {kind = "L1", size = 2097152}
#SFU_REG = {kind = "SFU_REG", size = 2048}

// DMA units move whole sticks; any stick-aligned run is allowed.
#STICKS = #ktdf_arch.map<"DDR" = [{size_in_words = 1, align_in_words = 1}],
                         "L1" = [{size_in_words = 1, align_in_words = 1}]>
#MNILU = {kind = "MNILU", dataflow_scheduler.double_buffer_last, ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"DDR" = 128, "L1" = 128>,
                            access_granularity = #STICKS}}}
// The store unit's DMA engine writes under a byte mask (the reference's
// agen.set_transfer_mask_state): a store of part of a stick moves the stick
// and writes only the bytes the mask selects, so no read-modify-write.
#MNISU = {kind = "MNISU", dataflow_scheduler.double_buffer_last, ktdf_arch.features = {
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"DDR" = 128, "L1" = 128>,
                             access_granularity = #STICKS, masked_writes}}}
// The ring stop reads and writes its own core's scratchpad, a stick at a time.
#RING = {kind = "RING", ktdf_arch.features = {
  ktdf_arch.feature.load = {word_size = #ktdf_arch.map<"L1" = 128>},
  ktdf_arch.feature.store = {word_size = #ktdf_arch.map<"L1" = 128>}}}

// Corelet units: the SIMD unit, and byte-addressed scratchpad load/store
// units moving a stick (128 bytes aligned to 128) or one 2-byte element.
#SFU = {kind = "SFU", ktdf_arch.features = {ktdf_arch.feature.compute,
  ktdf_arch.feature.simd = {lanes = #ktdf_arch.map<f16 = 64, f32 = 32, i32 = 32>}}}
#L1_GRANULES = #ktdf_arch.map<"L1" = [{size_in_words = 128, align_in_words = 128},
                                      {size_in_words = 2, align_in_words = 2}]>
#L1LU = {kind = "L1LU", ktdf_arch.features = {
  ktdf_arch.feature.load = {access_granularity = #L1_GRANULES},
  ktdf_arch.feature.simd = {splat}}}
#L1SU = {kind = "L1SU", ktdf_arch.features = {
  ktdf_arch.feature.store = {access_granularity = #L1_GRANULES}}}

// Links: bandwidth in bytes per cycle, latency in cycles (ktc's extension).
#DDR_READ = {ktdf_arch.transfer_granularity = array<i64: 128>, ktdf_arch.bandwidth = 128,
             ktdf_arch.latency = 150}
#DDR_WRITE = {ktdf_arch.transfer_granularity = array<i64: 128>, ktdf_arch.bandwidth = 128,
              ktdf_arch.latency = 150}
#L1_PORT = {ktdf_arch.transfer_granularity = array<i64: 128>, ktdf_arch.bandwidth = 128,
            ktdf_arch.latency = 4}
#RING_HOP = {ktdf_arch.transfer_granularity = array<i64: 128>, ktdf_arch.bandwidth = 128,
             ktdf_arch.latency = 4}
#FIFO = {ktdf_arch.bandwidth = 128, ktdf_arch.latency = 4,
         ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}}
#VECTOR_FIFO = {ktdf_arch.transfer_granularity = array<i64: 128, 2>, ktdf_arch.bandwidth = 128,
                ktdf_arch.latency = 1,
                ktdf_arch.features = {ktdf_arch.feature.queue = {depth = 16, ordered}}}

ktdf_arch.device @two_core attributes {
  ktdf_arch.clock_mhz = 1000,
  mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR",
                                     #ktdp.memory_space<ct_local> = "L1">
} {
  %ddr = memory #DDR

  // Core 0.
  %ring0 = group @core0 {kind = "core"} share(%ddr) {
    %l1 = memory #L1
    %mnilu = exec_unit #MNILU
    %mnisu = exec_unit #MNISU
    %ring = exec_unit #RING
    datapath #DDR_READ %ddr to %mnilu : memory, exec_unit
    datapath #L1_PORT %mnilu to %l1 : exec_unit, memory
    datapath #L1_PORT %l1 to %mnisu : memory, exec_unit
    datapath #DDR_WRITE %mnisu to %ddr : exec_unit, memory
    datapath #L1_PORT %l1 to %ring : memory, exec_unit
    datapath #L1_PORT %ring to %l1 : exec_unit, memory
    group @core0_corelet0 {kind = "corelet"} share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory #SFU_REG
        %simd = exec_unit #SFU
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit #L1LU
      %l1su = exec_unit #L1SU
      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }
    group @core0_corelet1 {kind = "corelet"} share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory #SFU_REG
        %simd = exec_unit #SFU
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit #L1LU
      %l1su = exec_unit #L1SU
      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }
    yield %ring
  } -> exec_unit

  // Core 1.
  %ring1 = group @core1 {kind = "core"} share(%ddr) {
    %l1 = memory #L1
    %mnilu = exec_unit #MNILU
    %mnisu = exec_unit #MNISU
    %ring = exec_unit #RING
    datapath #DDR_READ %ddr to %mnilu : memory, exec_unit
    datapath #L1_PORT %mnilu to %l1 : exec_unit, memory
    datapath #L1_PORT %l1 to %mnisu : memory, exec_unit
    datapath #DDR_WRITE %mnisu to %ddr : exec_unit, memory
    datapath #L1_PORT %l1 to %ring : memory, exec_unit
    datapath #L1_PORT %ring to %l1 : exec_unit, memory
    group @core1_corelet0 {kind = "corelet"} share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory #SFU_REG
        %simd = exec_unit #SFU
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit #L1LU
      %l1su = exec_unit #L1SU
      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }
    group @core1_corelet1 {kind = "corelet"} share(%l1) {
      %sfu = group {kind = "SFU_Block"} share() {
        %regs = memory #SFU_REG
        %simd = exec_unit #SFU
        yield %simd
      } -> exec_unit
      %l1lu = exec_unit #L1LU
      %l1su = exec_unit #L1SU
      datapath #FIFO %l1 to %l1lu : memory, exec_unit
      datapath #VECTOR_FIFO %l1lu to %sfu : exec_unit, exec_unit
      datapath #VECTOR_FIFO %sfu to %l1su : exec_unit, exec_unit
      datapath #FIFO %l1su to %l1 : exec_unit, memory
    }
    yield %ring
  } -> exec_unit

  // The ring: each core's ring stop to the other.
  datapath #RING_HOP %ring0 to %ring1 : exec_unit, exec_unit
  datapath #RING_HOP %ring1 to %ring0 : exec_unit, exec_unit
}
