// RUN: ktc-split
// PARSE: --device=sample
// A module without a kernel (only a declaration) is refused at once, at the
// module, rather than compiling to nothing.
module {
  func.func private @helper(index)
}
