// RUN: ktc-arch --device=third_device.mlir dot
