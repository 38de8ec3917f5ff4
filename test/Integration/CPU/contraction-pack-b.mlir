// cpu.contraction's knob `pack`: with "b", each k1 x ns block of B is
// copied into n2-wide panels before the register tiles read it. The default
// takes it where B's rows are a multiple of 4 KiB apart (1024 f32 here): a
// block of B would otherwise fall into one L1 set. The packed schedule, the
// same config with "none", with "panel" (M's cache tiles inside the K loop:
// each block of B copied once, before the loop over the ms-row tiles that
// read it), with two K rows per register step (k2 = 2: the panels hold k2 x
// n2 slices), and the config as recorded before the knob existed (no
// `pack`: read in place) all compute what the untransformed program
// computes.
// RUN: tuner-opt %s --sched-apply-default -o %t.sched.mlir
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.sched.mlir
// RUN: tuner-opt %t.sched.mlir --sched-materialize | FileCheck %s --check-prefix=PACKED
// RUN: tuner-opt %t.sched.mlir --sched-materialize --tuner-lower-cpu -o %t.b.ll.mlir
// RUN: tuner-run %t.b.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -e 's/pack = "b"/pack = "none"/' %t.sched.mlir | tuner-opt --sched-materialize --tuner-lower-cpu -o %t.none.ll.mlir
// RUN: tuner-run %t.none.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -e 's/pack = "b"/pack = "panel"/' -e 's/ms = 32/ms = 8/' %t.sched.mlir | tuner-opt --sched-materialize --canonicalize | FileCheck %s --check-prefix=PANEL
// RUN: sed -e 's/pack = "b"/pack = "panel"/' -e 's/ms = 32/ms = 8/' %t.sched.mlir | tuner-opt --sched-materialize --tuner-lower-cpu -o %t.panel.ll.mlir
// RUN: tuner-run %t.panel.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -e 's/k2 = 1/k2 = 2/' %t.sched.mlir | tuner-opt --sched-materialize --tuner-lower-cpu -o %t.k2.ll.mlir
// RUN: tuner-run %t.k2.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: sed -e 's/pack = "b", //' %t.sched.mlir | tuner-opt --sched-materialize --tuner-lower-cpu -o %t.old.ll.mlir
// RUN: tuner-run %t.old.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// DEFAULT: sketch = "cpu.contraction", knobs = {{{.*}}pack = "b"
// PACKED: vector.transfer_write {{.*}} : vector<1x{{[0-9]+}}xf32>, tensor<{{.*}}x1x{{[0-9]+}}xf32>
// PANEL: scf.forall
// PANEL: tensor.empty() : tensor<{{[0-9]+}}x64x1x{{[0-9]+}}xf32>
// PANEL: vector.transfer_write {{.*}} : vector<1x{{[0-9]+}}xf32>, tensor<{{.*}}x1x{{[0-9]+}}xf32>
// PANEL: scf.for %{{.*}} = %c0 to %c32 step %c8 iter_args
// PANEL-NOT: tensor.empty() : tensor<{{[0-9]+}}x64x1x
// PANEL: vector.transfer_read {{.*}} : tensor<{{.*}}x1x{{[0-9]+}}xf32>, vector<1x{{[0-9]+}}xf32>
// EXEC: reference: match
func.func @proj(%a: tensor<32x64xf32>, %b: tensor<64x1024xf32>) -> tensor<32x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x1024xf32>) -> tensor<32x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x1024xf32>) outs(%f : tensor<32x1024xf32>) -> tensor<32x1024xf32>
  return %r : tensor<32x1024xf32>
}
