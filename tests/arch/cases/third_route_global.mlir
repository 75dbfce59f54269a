// RUN: ktc-arch --device=third_device.mlir route global VPU
// No mem_space_mapping: global is the first memory outside every core (HBM).
