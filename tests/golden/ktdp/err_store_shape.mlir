// A store's tensor has exactly the tile's shape.
func.func @f(%d: tensor<64x32xf16>, %t: !ktdp.access_tile<32x64xindex>) {
  ktdp.store %d, %t : tensor<64x32xf16>, <32x64xindex>
  return
}
