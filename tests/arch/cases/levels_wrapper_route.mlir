// RUN: ktc-arch --device=levels_wrapper.mlir route C0-PU-CL0 C1-PU-CL0
// Core 0's first corelet hands data to core 1 through the cross memory.
