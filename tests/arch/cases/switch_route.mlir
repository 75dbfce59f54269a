// RUN: ktc-arch route C0-IN-CL0 C0-OUT-CL0
// A switch is its ports, connected as its connectivity matrix says: here
// port 0 reaches port 2 only through port 1.
ktdf_arch.device @switched {
  group {kind = "core"} share() {
    group {kind = "corelet"} share() {
      %in = exec_unit {kind = "IN"}
      %out = exec_unit {kind = "OUT"}
      %sw:3 = switch [3] {kind = "xbar", connectivity = dense<[[0, 1, 0], [0, 0, 1], [0, 0, 0]]> : tensor<3x3xi1>}
      datapath %in to %sw#0 : exec_unit, port
      datapath %sw#2 to %out : port, exec_unit
    }
  }
}
