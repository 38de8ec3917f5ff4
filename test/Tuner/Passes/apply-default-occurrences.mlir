// RUN: tuner-opt %s --sched-apply-default="target=cpu:avx512:2t" | FileCheck %s
// RUN: tuner-opt %s --sched-apply-default="target=cpu:avx2:l1=32k:l2=512k:l3=8m" | FileCheck %s --check-prefix=AVX2

// The occurrences of a task share its choice: sketches are tried on the
// first one (a copy of the whole function per try made defaults quadratic
// in a model's size: RegNet's 2816 ops took minutes), and the sketch that
// applied there is given to the others untried, a fallback included.
// CHECK-LABEL: func.func @three
// CHECK-COUNT-3: linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction",
// CHECK-COUNT-3: linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.fallback"
// AVX2-COUNT-3: linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction",
// AVX2-COUNT-3: linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.fallback"
#id = affine_map<(i, j) -> (i, j)>
func.func @three(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>,
                 %x0: tensor<16x8xf32>, %x1: tensor<16x8xf32>, %x2: tensor<16x8xf32>)
    -> (tensor<16x16xf32>, tensor<16x8xi1>, tensor<16x8xi1>, tensor<16x8xi1>) {
  %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %1 = linalg.matmul ins(%0, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = linalg.matmul ins(%1, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %e = tensor.empty() : tensor<16x8xi1>
  %g0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x0, %x1 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%e : tensor<16x8xi1>) {
  ^bb0(%p: f32, %q: f32, %o: i1):
    %lt = arith.cmpf olt, %p, %q : f32
    linalg.yield %lt : i1
  } -> tensor<16x8xi1>
  %g1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x1, %x2 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%e : tensor<16x8xi1>) {
  ^bb0(%p: f32, %q: f32, %o: i1):
    %lt = arith.cmpf olt, %p, %q : f32
    linalg.yield %lt : i1
  } -> tensor<16x8xi1>
  %g2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x2, %x0 : tensor<16x8xf32>, tensor<16x8xf32>) outs(%e : tensor<16x8xi1>) {
  ^bb0(%p: f32, %q: f32, %o: i1):
    %lt = arith.cmpf olt, %p, %q : f32
    linalg.yield %lt : i1
  } -> tensor<16x8xi1>
  return %2, %g0, %g1, %g2 : tensor<16x16xf32>, tensor<16x8xi1>, tensor<16x8xi1>, tensor<16x8xi1>
}
