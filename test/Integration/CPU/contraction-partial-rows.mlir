// cpu.contraction's register tile rows m2 need not divide the cache tile's
// rows ms: the last, partial register tile of each cache tile is peeled
// into a loop of its own (transform.sched.peel_partial) and vectorized with
// its static shape, reading B packed like the full tiles. Here 20 rows in
// tiles of 6 (three full tiles and one of 2 rows), with a fused bias + ReLU
// whose tiles are peeled the same way; the default, B packed per block
// ("b"), and cache tiles of 10 rows packed once per panel ("panel": one
// full tile and one of 4 rows each) all compute what the untransformed
// program computes.
// RUN: tuner-opt %s --sched-apply-default=target=cpu:1t -o %t.sched.mlir
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.sched.mlir
// RUN: tuner-opt %t.sched.mlir --sched-materialize | FileCheck %s --check-prefix=PEELED
// RUN: tuner-opt %t.sched.mlir --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -E -e 's/pack = "[a-z]+"/pack = "b"/' %t.sched.mlir | tuner-opt --sched-materialize --tuner-lower-cpu -o %t.b.ll.mlir
// RUN: tuner-run %t.b.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -E -e 's/pack = "[a-z]+"/pack = "panel"/' -e 's/ms = 20/ms = 10/' %t.sched.mlir | tuner-opt --sched-materialize --tuner-lower-cpu -o %t.panel.ll.mlir
// RUN: tuner-run %t.panel.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// DEFAULT: sketch = "cpu.contraction", knobs = {{{.*}}m2 = 6,{{.*}}ms = 20,
// PEELED: scf.for %{{.*}} = %c0 to %c18 step %c6
// PEELED: scf.for %{{.*}} = %c18 to %c20 step %c6
// PEELED-NOT: tensor<?x
// EXEC: reference: match
func.func @dense(%a: tensor<20x32xf32>, %b: tensor<32x64xf32>, %bias: tensor<64xf32>) -> tensor<20x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<20x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<20x64xf32>) -> tensor<20x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<20x32xf32>, tensor<32x64xf32>) outs(%f : tensor<20x64xf32>) -> tensor<20x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
       ins(%m, %bias : tensor<20x64xf32>, tensor<64xf32>) outs(%e : tensor<20x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<20x64xf32>
  return %r : tensor<20x64xf32>
}
