// RUN: ktc-arch --device=sample route ct_local SFU
// A ct_local operand starts in the scratchpad (mem_space_mapping: L1).
