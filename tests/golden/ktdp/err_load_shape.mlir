// A load's tensor has exactly the tile's shape.
func.func @f(%t: !ktdp.access_tile<32x64xindex>) {
  %d = ktdp.load %t : !ktdp.access_tile<32x64xindex> -> tensor<16x64xf16>
  return
}
