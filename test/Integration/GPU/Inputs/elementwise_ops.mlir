// All-parallel ops of the forms models have, for gpu.elementwise
// (gpu-elementwise.test): each function is one task.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#bias3 = affine_map<(d0, d1, d2) -> (d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#t2 = affine_map<(d0, d1) -> (d1, d0)>

// f32 residual add and ReLU: 16-byte vectors of 4 floats.
func.func @add_relu(%a: tensor<64x256xf32>, %b: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %e = tensor.empty() : tensor<64x256xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x256xf32>, tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// A bias broadcast along the rows of a 3-D tensor, then tanh.
func.func @bias_tanh(%a: tensor<4x32x128xf32>, %b: tensor<128xf32>) -> tensor<4x32x128xf32> {
  %e = tensor.empty() : tensor<4x32x128xf32>
  %r = linalg.generic {indexing_maps = [#id3, #bias3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %b : tensor<4x32x128xf32>, tensor<128xf32>) outs(%e : tensor<4x32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<4x32x128xf32>
  return %r : tensor<4x32x128xf32>
}

// A per-row scale (a column broadcast), as a softmax's division.
func.func @row_scale(%a: tensor<96x200xf32>, %s: tensor<96xf32>) -> tensor<96x200xf32> {
  %e = tensor.empty() : tensor<96x200xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %s : tensor<96x200xf32>, tensor<96xf32>) outs(%e : tensor<96x200xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.divf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<96x200xf32>
  return %r : tensor<96x200xf32>
}

// f32 to bf16: vectors of 4 (the widest element sets the width).
func.func @truncate(%a: tensor<128x256xf32>) -> tensor<128x256xbf16> {
  %e = tensor.empty() : tensor<128x256xbf16>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<128x256xf32>) outs(%e : tensor<128x256xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<128x256xbf16>
  return %r : tensor<128x256xbf16>
}

// bf16 multiply: vectors of 8 (16 bytes).
func.func @mul_bf16(%a: tensor<64x512xbf16>, %b: tensor<64x512xbf16>) -> tensor<64x512xbf16> {
  %e = tensor.empty() : tensor<64x512xbf16>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x512xbf16>, tensor<64x512xbf16>) outs(%e : tensor<64x512xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    linalg.yield %m : bf16
  } -> tensor<64x512xbf16>
  return %r : tensor<64x512xbf16>
}

// Odd extents: one element per thread.
func.func @odd_sub(%a: tensor<7x13xf32>, %b: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %e = tensor.empty() : tensor<7x13xf32>
  %r = linalg.sub ins(%a, %b : tensor<7x13xf32>, tensor<7x13xf32>) outs(%e : tensor<7x13xf32>) -> tensor<7x13xf32>
  return %r : tensor<7x13xf32>
}

// Four loops, one of them unit: x, y and z.
func.func @nchw_sigmoid(%a: tensor<1x8x16x24xf32>) -> tensor<1x8x16x24xf32> {
  %e = tensor.empty() : tensor<1x8x16x24xf32>
  %r = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<1x8x16x24xf32>) outs(%e : tensor<1x8x16x24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    %x1 = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %x1, %one : f32
    %s = arith.divf %one, %d : f32
    linalg.yield %s : f32
  } -> tensor<1x8x16x24xf32>
  return %r : tensor<1x8x16x24xf32>
}

// Integers: i32 to i64 (vectors of 2, 16 bytes of i64).
func.func @widen_i32(%a: tensor<32x64xi32>) -> tensor<32x64xi64> {
  %e = tensor.empty() : tensor<32x64xi64>
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x64xi32>) outs(%e : tensor<32x64xi64>) {
  ^bb0(%x: i32, %o: i64):
    %w = arith.extsi %x : i32 to i64
    linalg.yield %w : i64
  } -> tensor<32x64xi64>
  return %r : tensor<32x64xi64>
}

// Five loops of several iterations: block ids linearized over the three
// outer ones.
func.func @five_loops(%a: tensor<2x3x4x5x8xf32>) -> tensor<2x3x4x5x8xf32> {
  %e = tensor.empty() : tensor<2x3x4x5x8xf32>
  %r = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%a : tensor<2x3x4x5x8xf32>) outs(%e : tensor<2x3x4x5x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<2x3x4x5x8xf32>
  return %r : tensor<2x3x4x5x8xf32>
}

// A softmax's division by its row sums: a 2-D input broadcast along the
// innermost loop (not a transpose).
func.func @softmax_div(%a: tensor<4x32x128xf32>, %s: tensor<4x32xf32>) -> tensor<4x32x128xf32> {
  %e = tensor.empty() : tensor<4x32x128xf32>
  %r = linalg.generic {indexing_maps = [#id3, #rows3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %s : tensor<4x32x128xf32>, tensor<4x32xf32>) outs(%e : tensor<4x32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.divf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<4x32x128xf32>
  return %r : tensor<4x32x128xf32>
}

// An input read transposed: gpu.fallback's.
func.func @transposed_add(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> tensor<32x64xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [#t2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

// NCHW to NHWC (torch's layout change before channels-last convolutions):
// a 4 x 4 tile per thread, transposed in registers.
func.func @nchw_to_nhwc(%a: tensor<1x16x8x12xf32>) -> tensor<1x8x12x16xf32> {
  %e = tensor.empty() : tensor<1x8x12x16xf32>
  %r = linalg.transpose ins(%a : tensor<1x16x8x12xf32>) outs(%e : tensor<1x8x12x16xf32>) permutation = [0, 2, 3, 1]
  return %r : tensor<1x8x12x16xf32>
}

// bf16: 8 x 8 tiles.
func.func @transpose_bf16(%a: tensor<64x128xbf16>) -> tensor<128x64xbf16> {
  %e = tensor.empty() : tensor<128x64xbf16>
  %r = linalg.transpose ins(%a : tensor<64x128xbf16>) outs(%e : tensor<128x64xbf16>) permutation = [1, 0]
  return %r : tensor<128x64xbf16>
}

// Odd extents: 1 x 1 tiles.
func.func @transpose_odd(%a: tensor<7x13xf32>) -> tensor<13x7xf32> {
  %e = tensor.empty() : tensor<13x7xf32>
  %r = linalg.transpose ins(%a : tensor<7x13xf32>) outs(%e : tensor<13x7xf32>) permutation = [1, 0]
  return %r : tensor<13x7xf32>
}

// Booleans (i1 buffers are bytes, i1 vectors packed bits): gpu.fallback's.
func.func @greater(%a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<16x32xi1> {
  %e = tensor.empty() : tensor<16x32xi1>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<16x32xf32>, tensor<16x32xf32>) outs(%e : tensor<16x32xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %c = arith.cmpf ogt, %x, %y : f32
    linalg.yield %c : i1
  } -> tensor<16x32xi1>
  return %r : tensor<16x32xi1>
}
