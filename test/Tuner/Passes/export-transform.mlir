// RUN: tuner-opt %s --sched-export-transform="output=%t.lib.mlir" | FileCheck %s --check-prefix=MODULE
// RUN: FileCheck %s --input-file=%t.lib.mlir
// RUN: mlir-opt %t.lib.mlir | FileCheck %s --check-prefix=UPSTREAM
// RUN: tuner-opt %s --sched-strip | mlir-opt --transform-preload-library="transform-library-paths=%t.lib.mlir" --transform-interpreter | FileCheck %s --check-prefix=REPLAY
// RUN: tuner-opt %s --sched-export-transform -o /dev/null | FileCheck %s --check-prefix=STDOUT

// A matmul whose fill is fused (m1 = 12 is not a multiple of m2 = 8: its
// last register tile of rows is peeled) and a separate elementwise op. The
// module is left as it was; the library is in upstream ops only and upstream
// mlir-opt replays it on the module without sched attributes.

// MODULE-LABEL: func.func @small
// MODULE:         linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction"
// MODULE:         linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.elementwise"

// CHECK:       // Schedules exported by mlir-tuner (--sched-export-transform) for #sched.target<kind = cpu
// CHECK-NEXT:  // @apply_0 (linalg.matmul at loc({{.*}}export-transform.mlir":[[# @LINE + 55]]:9)): #sched.config<sketch = "cpu.contraction"
// CHECK-NEXT:  // @apply_1 (linalg.generic at loc({{.*}}export-transform.mlir":[[# @LINE + 55]]:11)): #sched.config<sketch = "cpu.elementwise"
// CHECK-LABEL: transform.named_sequence @peel_partial
// CHECK:         transform.loop.peel
// CHECK-LABEL: transform.named_sequence @match_0
// CHECK:         transform.match.operation_name %{{.*}} ["linalg.matmul"]
// CHECK:         transform.match.operation_name %{{.*}} ["func.func"]
// CHECK:         transform.match.structured.rank
// CHECK:         transform.match.structured.dim %{{.*}}[0] {parallel}
// CHECK:         transform.match.structured.dim %{{.*}}[2] {reduction}
// CHECK:         transform.match.structured.elemental_bitwidth
// CHECK-DAG:     %[[M:.*]] = transform.param.constant 24 : i64
// CHECK-DAG:     %[[K:.*]] = transform.param.constant 16 : i64
// CHECK:         transform.match.param.cmpi eq %{{.*}}, %[[K]]
// CHECK:         %[[FILL:.*]] = transform.get_producer_of_operand %{{.*}}[2]
// CHECK:         transform.match.operation_name %[[FILL]] ["linalg.fill"]
// CHECK-LABEL: transform.named_sequence @apply_0
// CHECK-DAG:     %[[M1:.*]] = transform.param.constant 12 : i64
// CHECK-DAG:     %[[N1:.*]] = transform.param.constant 40 : i64
// CHECK:         transform.structured.tile_using_forall %{{.*}} tile_sizes [%[[M1]], %[[N1]], 0]
// CHECK:         transform.include @peel_partial
// CHECK:         transform.structured.vectorize %{{.*}} {create_named_contraction}
// CHECK-LABEL: transform.named_sequence @match_1
// CHECK:         transform.match.structured.input %{{.*}}[0] {permutation}
// CHECK-LABEL: transform.named_sequence @apply_1
// CHECK:         transform.structured.vectorize %{{.*}} vector_sizes
// CHECK-LABEL: transform.named_sequence @__transform_main
// CHECK:         %[[OPS0:.*]] = transform.collect_matching @match_0 in
// CHECK:         %[[OP0:.*]] = transform.split_handle %[[OPS0]]
// CHECK:         %[[SCOPE0:.*]] = transform.get_parent_op %[[OP0]] {isolated_from_above}
// CHECK:         transform.include @apply_0 failures(propagate) (%[[SCOPE0]], %[[OP0]])
// CHECK:         transform.apply_dce to %[[SCOPE0]]
// CHECK:         transform.collect_matching @match_1 in
// CHECK:         transform.include @apply_1
// CHECK-NOT:     sched.
// CHECK-NOT:     tune.

// UPSTREAM: module attributes {transform.with_named_sequence}
// UPSTREAM: transform.named_sequence @__transform_main

// REPLAY-LABEL: func.func @small
// REPLAY:         scf.forall
// REPLAY:           vector.fma
// REPLAY:         scf.forall
// REPLAY:           vector.transfer_read
// REPLAY-NOT:     linalg.

// STDOUT: // Schedules exported by mlir-tuner
// STDOUT: transform.named_sequence @__transform_main
#id = affine_map<(d0, d1) -> (d0, d1)>
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, l1 = 32768, l2 = 524288, l3 = 8388608, features = "avx2,fma">} {
func.func @small(%a: tensor<24x16xf32>, %b: tensor<16x40xf32>, %x: tensor<24x40xf32>) -> (tensor<24x40xf32>, tensor<24x40xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24x40xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<24x40xf32>) -> tensor<24x40xf32>
  %mm = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 16, k2 = 1, m1 = 12, m2 = 8, ms = 12, n1 = 40, n2 = 8, ns = 40, pack = "none", unroll = 1}>} ins(%a, %b : tensor<24x16xf32>, tensor<16x40xf32>) outs(%fill : tensor<24x40xf32>) -> tensor<24x40xf32>
  %relu = linalg.generic {sched.config = #sched.config<sketch = "cpu.elementwise", knobs = {p = 12, vh = 1, vw = 16}>, indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<24x40xf32>) outs(%e : tensor<24x40xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<24x40xf32>
  return %mm, %relu : tensor<24x40xf32>, tensor<24x40xf32>
}
}
