// A switch has N ports; connectivity is a dense NxN i1 matrix, and a
// sparse<> literal reads as the equivalent dense one.
ktdf_arch.device @d {
  %m = memory {kind = 1}
  %sw0:2 = switch [2]
  %sw1:2 = switch [2] {connectivity = dense<[[0, 1], [1, 0]]> : tensor<2x2xi1>}
  %sw2:3 = switch [3] {connectivity = sparse<[[0, 1], [2, 0]], true> : tensor<3x3xi1>}
  datapath {kind = "fifo"} %m to %sw0#1 : memory, port
}
