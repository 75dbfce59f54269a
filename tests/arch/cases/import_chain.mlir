// RUN: ktc-arch summary
// Imports follow chains, each path relative to the importing file; the
// importing declaration's attributes win (clock 700 over 500, this mapping).
ktdf_arch.device @chained attributes {mem_space_mapping = #ktdf_arch.map<
    #ktdp.memory_space<ct_local> = "DDR">} import("inputs/middle.mlir")
