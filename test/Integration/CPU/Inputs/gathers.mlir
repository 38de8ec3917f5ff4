// Gathers: tensor.extract at indices an op computes. A bilinear 2x
// upsampling as torch-mlir writes it (source coordinates from linalg.index,
// four extracts, weights) and a 2-D gather by clamped indices.
#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
#id2 = affine_map<(i, j) -> (i, j)>
func.func @gathers(%x: tensor<1x4x8x8xf32>, %t: tensor<100x100xf32>, %idx: tensor<16x24xi32>)
    -> (tensor<1x4x16x16xf32>, tensor<16x24xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c7 = arith.constant 7 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<1x4x16x16xf32>
  %up = linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e : tensor<1x4x16x16xf32>) {
  ^bb0(%o: f32):
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %h = linalg.index 2 : index
    %w = linalg.index 3 : index
    %hi = arith.index_cast %h : index to i64
    %wi = arith.index_cast %w : index to i64
    %hf = arith.sitofp %hi : i64 to f32
    %wf = arith.sitofp %wi : i64 to f32
    // source = (dst + 0.5) / 2 - 0.5, clamped at 0
    %hs0 = arith.addf %hf, %half : f32
    %ws0 = arith.addf %wf, %half : f32
    %hs1 = arith.mulf %hs0, %half : f32
    %ws1 = arith.mulf %ws0, %half : f32
    %hs2 = arith.subf %hs1, %half : f32
    %ws2 = arith.subf %ws1, %half : f32
    %hs = arith.maximumf %hs2, %zero : f32
    %ws = arith.maximumf %ws2, %zero : f32
    %hfl = math.floor %hs : f32
    %wfl = math.floor %ws : f32
    %hy = arith.subf %hs, %hfl : f32
    %wx = arith.subf %ws, %wfl : f32
    %h0i = arith.fptosi %hfl : f32 to i64
    %w0i = arith.fptosi %wfl : f32 to i64
    %h0 = arith.index_cast %h0i : i64 to index
    %w0 = arith.index_cast %w0i : i64 to index
    %h1a = arith.addi %h0, %c1 : index
    %w1a = arith.addi %w0, %c1 : index
    %h1 = arith.minui %h1a, %c7 : index
    %w1 = arith.minui %w1a, %c7 : index
    %v00 = tensor.extract %x[%n, %c, %h0, %w0] : tensor<1x4x8x8xf32>
    %v01 = tensor.extract %x[%n, %c, %h0, %w1] : tensor<1x4x8x8xf32>
    %v10 = tensor.extract %x[%n, %c, %h1, %w0] : tensor<1x4x8x8xf32>
    %v11 = tensor.extract %x[%n, %c, %h1, %w1] : tensor<1x4x8x8xf32>
    %wx1 = arith.subf %one, %wx : f32
    %hy1 = arith.subf %one, %hy : f32
    %a0 = arith.mulf %v00, %wx1 : f32
    %a1 = arith.mulf %v01, %wx : f32
    %top = arith.addf %a0, %a1 : f32
    %b0 = arith.mulf %v10, %wx1 : f32
    %b1 = arith.mulf %v11, %wx : f32
    %bot = arith.addf %b0, %b1 : f32
    %t0 = arith.mulf %top, %hy1 : f32
    %t1 = arith.mulf %bot, %hy : f32
    %r = arith.addf %t0, %t1 : f32
    linalg.yield %r : f32
  } -> tensor<1x4x16x16xf32>
  %c99 = arith.constant 99 : i32
  %c0 = arith.constant 0 : i32
  %e2 = tensor.empty() : tensor<16x24xf32>
  %g = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%idx : tensor<16x24xi32>) outs(%e2 : tensor<16x24xf32>) {
  ^bb0(%v: i32, %o: f32):
    %a = arith.maxsi %v, %c0 : i32
    %b = arith.minsi %a, %c99 : i32
    %i = arith.index_cast %b : i32 to index
    %j = linalg.index 1 : index
    %y = tensor.extract %t[%i, %j] : tensor<100x100xf32>
    linalg.yield %y : f32
  } -> tensor<16x24xf32>
  return %up, %g : tensor<1x4x16x16xf32>, tensor<16x24xf32>
}
