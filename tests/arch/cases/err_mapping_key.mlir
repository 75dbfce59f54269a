// RUN: ktc-arch summary
// A key is a memory space or a name (a string), not a number.
ktdf_arch.device @map attributes {mem_space_mapping = #ktdf_arch.map<1 = "DDR">} {
  %m = memory {kind = "DDR"}
}
