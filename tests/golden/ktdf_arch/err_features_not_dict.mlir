// ktdf_arch.features is a dictionary, on any op.
func.func private @f() attributes {ktdf_arch.features = "simd"}
