// RUN: ktc-arch --device=third_device.mlir route HBM VPU
// No scratchpad load unit: the vector unit reads the scratchpad itself.
