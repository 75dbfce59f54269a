// linalg.generic with reduction iterators: a matmul written as a generic
// (f32, sequential k), and a row maximum with linalg.index in the body.
func.func @generic_reduce(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>) {
  %z = arith.constant dense<0.0> : tensor<2x2xf32>
  %mm = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%z : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x2xf32>
  %m0 = arith.constant dense<-1.0e+30> : tensor<2xf32>
  // max over k of a[i, k] + k
  %mx = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%m0 : tensor<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %k = linalg.index 1 : index
    %k32 = arith.index_cast %k : index to i32
    %kf = arith.sitofp %k32 : i32 to f32
    %v = arith.addf %x, %kf : f32
    %r = arith.maximumf %acc, %v : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  return %mm, %mx : tensor<2x2xf32>, tensor<2xf32>
}
