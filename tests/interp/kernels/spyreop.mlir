// spyreop intrinsics inside linalg bodies (compare, select, exp, realdiv,
// softplus, sigmoid), idx32toaddr, spyreop.constant, scf.execute_region.
func.func @spy(%a: tensor<4xf16>, %b: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>, i32, f16, tensor<4xf16>) {
  %e = tensor.empty() : tensor<4xf16>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %c = spyreop.compare <greaterthan> %x, %y : f16
    %s = spyreop.select %c, %x, %y : f16
    %ex = spyreop.exp %s : f16
    %d = spyreop.realdiv %ex, %y : f16
    linalg.yield %d : f16
  } -> tensor<4xf16>
  %sp = linalg.map ins(%a : tensor<4xf16>) outs(%e : tensor<4xf16>)
    (%x: f16) {
      %q = spyreop.softplus %x beta 1.0 threshold 20.0 : f16
      linalg.yield %q : f16
    }
  %i = arith.constant 3 : i32
  %base = arith.constant 100 : i32
  %addr = spyreop.idx32toaddr %i base %base stride 8
  %k = spyreop.constant 2.5 : f16
  %r = scf.execute_region -> tensor<4xf16> {
    %z = linalg.map ins(%a : tensor<4xf16>) outs(%e : tensor<4xf16>)
      (%x: f16) {
        %q = spyreop.sigmoid %x : f16
        linalg.yield %q : f16
      }
    scf.yield %z : tensor<4xf16>
  }
  return %g, %sp, %addr, %k, %r : tensor<4xf16>, tensor<4xf16>, i32, f16, tensor<4xf16>
}
