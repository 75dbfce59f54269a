// A declaration importing its definition from a path relative to this file.
ktdf_arch.device @chained attributes {ktdf_arch.clock_mhz = 700} import("base.mlir")
