// RUN: tuner-opt %s --split-input-file --tuner-transpose-contraction-b | FileCheck %s

// A matmul with B as [N, K]: B is transposed once, the contraction reads it
// as [K, N].

// CHECK-DAG: #[[A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[C:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @generic
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<64x48xf32>
// CHECK:         %[[T:.+]] = linalg.transpose ins(%{{.+}} : tensor<48x64xf32>) outs(%[[E]] : tensor<64x48xf32>) permutation = [1, 0]
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]]
// CHECK-SAME:      ins(%{{.+}}, %[[T]] : tensor<16x64xf32>, tensor<64x48xf32>)
func.func @generic(%a: tensor<16x64xf32>, %b: tensor<48x64xf32>, %c: tensor<16x48xf32>) -> tensor<16x48xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<16x64xf32>, tensor<48x64xf32>) outs(%c : tensor<16x48xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x48xf32>
  return %r : tensor<16x48xf32>
}

// -----

// A named matmul with a transposed B (mixed precision: f16 inputs, f32
// accumulation) is generalized first; the transpose keeps the f16 type.

// CHECK-LABEL: func.func @named
// CHECK:         linalg.transpose ins(%{{.+}} : tensor<32x64xf16>) outs(%{{.+}} : tensor<64x32xf16>) permutation = [1, 0]
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.+}}, %{{.+}} : tensor<16x64xf16>, tensor<64x32xf16>)
// CHECK:           arith.extf
func.func @named(%a: tensor<16x64xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<16x64xf16>, tensor<32x64xf16>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// -----

// Attention scores Q K^T, batched and dynamic: the batch dimension keeps its
// place, the sizes come from the operand.

// CHECK-LABEL: func.func @batched
// CHECK-DAG:     %[[D0:.+]] = tensor.dim %{{.+}}, %c0
// CHECK-DAG:     %[[D1:.+]] = tensor.dim %{{.+}}, %c1
// CHECK:         tensor.empty(%[[D0]], %[[D1]]) : tensor<?x64x?xf32>
// CHECK:         linalg.transpose {{.+}} permutation = [0, 2, 1]
func.func @batched(%q: tensor<?x?x64xf32>, %k: tensor<?x?x64xf32>, %c: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, d) -> (b, m, d)>, affine_map<(b, m, n, d) -> (b, n, d)>, affine_map<(b, m, n, d) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<?x?x64xf32>, tensor<?x?x64xf32>) outs(%c : tensor<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// Left alone: B already [K, N]; a product of 4 rows (a matrix-vector
// product in all but name: the transpose would cost as much as it); an
// output with M innermost.

// CHECK-LABEL: func.func @untouched
// CHECK-NOT:     linalg.transpose
// CHECK:         return
func.func @untouched(%a: tensor<16x64xf32>, %b: tensor<64x48xf32>, %c: tensor<16x48xf32>,
                     %a4: tensor<4x64xf32>, %bt: tensor<48x64xf32>, %c4: tensor<4x48xf32>,
                     %ct: tensor<48x16xf32>) -> (tensor<16x48xf32>, tensor<4x48xf32>, tensor<48x16xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x48xf32>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  %1 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a4, %bt : tensor<4x64xf32>, tensor<48x64xf32>) outs(%c4 : tensor<4x48xf32>) -> tensor<4x48xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (n, m)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bt : tensor<16x64xf32>, tensor<48x64xf32>) outs(%ct : tensor<48x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<48x16xf32>
  return %0, %1, %2 : tensor<16x48xf32>, tensor<4x48xf32>, tensor<48x16xf32>
}
