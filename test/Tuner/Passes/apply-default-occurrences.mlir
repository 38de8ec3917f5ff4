// RUN: tuner-opt %s --sched-apply-default="target=cpu:avx512:2t" | FileCheck %s
// RUN: tuner-opt %s --sched-apply-default="target=cpu:avx2:l1=32k:l2=512k:l3=8m" | FileCheck %s --check-prefix=GATHER

// The occurrences of a task share its choice: sketches are tried on the
// first one (a copy of the whole function per try made defaults quadratic
// in a model's size: RegNet's 2816 ops took minutes), and the sketch that
// applied there is given to the others untried, a fallback included.
// CHECK-LABEL: func.func @three
// CHECK-COUNT-3: linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction",
// CHECK-COUNT-3: linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.fallback"
// GATHER-COUNT-3: linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction",
// GATHER-COUNT-3: linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.fallback"
#id = affine_map<(i, j) -> (i, j)>
func.func @three(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>, %t: tensor<100x100xf32>,
                 %i0: tensor<16x8xi32>, %i1: tensor<16x8xi32>, %i2: tensor<16x8xi32>)
    -> (tensor<16x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %1 = linalg.matmul ins(%0, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = linalg.matmul ins(%1, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  %e = tensor.empty() : tensor<16x8xf32>
  %g0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i0 : tensor<16x8xi32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%v: i32, %o: f32):
    %x = arith.index_cast %v : i32 to index
    %j = linalg.index 1 : index
    %y = tensor.extract %t[%x, %j] : tensor<100x100xf32>
    linalg.yield %y : f32
  } -> tensor<16x8xf32>
  %g1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i1 : tensor<16x8xi32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%v: i32, %o: f32):
    %x = arith.index_cast %v : i32 to index
    %j = linalg.index 1 : index
    %y = tensor.extract %t[%x, %j] : tensor<100x100xf32>
    linalg.yield %y : f32
  } -> tensor<16x8xf32>
  %g2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i2 : tensor<16x8xi32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%v: i32, %o: f32):
    %x = arith.index_cast %v : i32 to index
    %j = linalg.index 1 : index
    %y = tensor.extract %t[%x, %j] : tensor<100x100xf32>
    linalg.yield %y : f32
  } -> tensor<16x8xf32>
  return %2, %g0, %g1, %g2 : tensor<16x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>
}
