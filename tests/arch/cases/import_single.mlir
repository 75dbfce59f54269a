// RUN: ktc-arch route DDR PU
// A file holding one device provides it whatever name the declaration uses
// (the reference's kernels import its sample device under other names).
ktdf_arch.device @renamed import("inputs/base.mlir")
