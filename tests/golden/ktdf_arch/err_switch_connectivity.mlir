// Connectivity is an NxN matrix for N ports.
ktdf_arch.device @d {
  %sw:2 = switch [2] {connectivity = dense<true> : tensor<3x3xi1>}
}
