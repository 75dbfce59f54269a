// RUN: ktc-arch summary
ktdf_arch.device @broken import("inputs/syntax_error.mlir")
