// Memories, execution units and datapaths; op names are bare inside a device.
ktdf_arch.device @d attributes {version = 1} {
  %mem = memory {kind = "DDR", size = 1073741824}
  %cpu = exec_unit
  datapath %mem to %cpu : memory, exec_unit
  datapath %cpu to %mem : exec_unit, memory
}
