// Ops outside a device may say where they map and what they need.
ktdf_arch.device @d {
  %cpu = exec_unit {kind = "CPU"}
}
func.func @f(%a: f32) -> f32 attributes {ktdf_arch.maps_to = @d} {
  %b = arith.addf %a, %a {ktdf_arch.maps_to = "CPU", ktdf_arch.features = {ktdf_arch.feature.simd}} : f32
  return %b : f32
}
