// RUN: ktc-arch --device=third_device.mlir route VPU HBM
