// A device declared by reference: no body, an import path, and attributes
// (the memory-space mapping) that apply to the imported description.
ktdf_arch.device @sample attributes {mem_space_mapping = #ktdf_arch.map<#ktdp.memory_space<global> = "DDR", #ktdp.memory_space<ct_local> = "L1">} import("devices/sample.mlir")
ktdf_arch.device @plain import("plain.mlir")
