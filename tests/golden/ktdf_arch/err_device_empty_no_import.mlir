// A device without a body must import one.
"ktdf_arch.device"() ({}) {sym_name = "d"} : () -> ()
