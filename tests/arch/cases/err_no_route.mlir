// RUN: ktc-arch route PU MEM
// Data can reach the unit but never come back.
ktdf_arch.device @oneway {
  %mem = memory {kind = "MEM"}
  %pu = exec_unit {kind = "PU"}
  datapath %mem to %pu : memory, exec_unit
}
