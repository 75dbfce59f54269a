// RUN: ktc-arch --device=third_device.mlir route L0 VPU
// The third device has no corelet-level memory: L0 maps to nothing.
