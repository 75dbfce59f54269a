// RUN: ktc-arch summary
// The imported file holds several devices, none of the declared name (a
// dangling id); a file with a single device would provide it.
ktdf_arch.device @unchained import("inputs/pair.mlir")
