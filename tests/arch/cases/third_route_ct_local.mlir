// RUN: ktc-arch --device=third_device.mlir route ct_local VPU
// No mem_space_mapping: ct_local is the first core-level memory (SPM).
