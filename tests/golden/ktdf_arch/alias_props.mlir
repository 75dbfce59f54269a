// A resource's attributes may come from an alias of a dictionary; the
// printer writes them inline.
#MEM = {kind = "L1", size = 1048576}
#UNIT = {kind = "L1LU"}
#LINK = {ktdf_arch.transfer_granularity = array<i64: 64>}
ktdf_arch.device @d {
  %l1 = memory #MEM
  %lu = exec_unit @lu0 #UNIT
  datapath #LINK %l1 to %lu : memory, exec_unit
}
