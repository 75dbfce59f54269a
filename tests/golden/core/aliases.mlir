// Attribute and type aliases: defined before the module and between
// functions, used several times; the printer writes their values inline.
#tile = affine_map<(d0, d1) -> (d1, d0)>
!vec = tensor<4x64xf16>
module {
  func.func @first(%a: !vec) -> !vec attributes {order = #tile} {
    return %a : !vec
  }
}
