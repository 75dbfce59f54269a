// A memory needs a kind naming its memory space.
ktdf_arch.device @d {
  memory {size = 64}
}
