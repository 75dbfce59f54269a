// RUN: ktc-lower
// PARSE: --stage=sched.allocated
// A kernel on a device whose cores have no corelets (one compute unit
// beside device memory, no groups): nothing runs on the device (no
// stage), and the kernel stays as it is. ktc-lower once refused every
// kernel on such a device ("a pipeline placed on corelet 0, but the cores
// of device @flat have 0 corelets") while checking row-corelets'
// placements, which this kernel has none of.
module {
  ktdf_arch.device @flat attributes {version = 1} {
    %ddr = memory {kind = "DDR", size = 1048576}
    %cu = exec_unit {kind = "CU", ktdf_arch.features = {ktdf_arch.feature.compute}}
    datapath {ktdf_arch.bandwidth = 64} %ddr to %cu : memory, exec_unit
  }
  module {
    func.func @k(%x: index) attributes {grid = [1]} {
      return
    }
  }
}
