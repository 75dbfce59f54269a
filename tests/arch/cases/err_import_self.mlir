// RUN: ktc-arch summary
// A declaration importing its own file finds itself.
ktdf_arch.device @me import("err_import_self.mlir")
