// RUN: ktc-arch summary
// Pattern blocks are kept in the model for later use.
ktdf_arch.device @pat {
  %pu = exec_unit {kind = "PU"}
  patterns {}
  patterns ["widen"] {}
}
