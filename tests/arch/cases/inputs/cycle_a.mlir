// Imports cycle_b.mlir, which imports this file back.
ktdf_arch.device @loop import("cycle_b.mlir")
