// The extraction rules on programs as they are (prepare=false: no fusion or
// CSE before extraction; tuner-prepare has its own tests).
// RUN: tuner-opt %s --split-input-file --sched-extract-tasks=prepare=false | FileCheck %s
// RUN: tuner-opt %s --split-input-file --sched-extract-tasks="prepare=false fuse-consumers=false fuse-producers=false all-ops=false task-list=-" -o /dev/null | FileCheck %s --check-prefix=NOFUSE
// RUN: tuner-opt %s --split-input-file --sched-extract-tasks="prepare=false fuse-consumers=false task-list=-" -o /dev/null | FileCheck %s --check-prefix=ALLOPS

// A matmul with its fill and a bias+relu consumer: one task, annotated on
// the anchor only.
// CHECK-LABEL: func @matmul_bias_relu
// CHECK:       linalg.fill
// CHECK-NOT:   sched.task
// CHECK-SAME:  -> tensor<16x32xf32>
// CHECK:       linalg.matmul {sched.task = #sched.task<key = "[[KEY:[0-9a-f]+]]", weight = 1, flops = 17408>}
// CHECK:       linalg.generic
// CHECK-NOT:   sched.task
// NOFUSE:      "name": "matmul_16x32x16"
// NOFUSE:      "fused": []
func.func @matmul_bias_relu(%a: tensor<16x16xf32>, %b: tensor<16x32xf32>, %bias: tensor<32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<16x32xf32>, tensor<32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

// Identical ops in two functions: one task of weight 2; a third op with
// another shape is a second task.
// CHECK-LABEL: func @first
// CHECK:       linalg.batch_matmul {sched.task = #sched.task<key = "[[K1:[0-9a-f]+]]", weight = 2, flops = 8192>}
// CHECK-LABEL: func @second
// CHECK:       linalg.batch_matmul {sched.task = #sched.task<key = "[[K1]]", weight = 2, flops = 8192>}
// CHECK:       linalg.batch_matmul {sched.task = #sched.task<key = "[[K2:[0-9a-f]+]]", weight = 1, flops = 16384>}
// NOFUSE:      "weight": 2
// NOFUSE:      "weight": 1
func.func @first(%a: tensor<4x16x8xf32>, %b: tensor<4x8x8xf32>, %c: tensor<4x16x8xf32>) -> tensor<4x16x8xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x16x8xf32>, tensor<4x8x8xf32>) outs(%c : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %0 : tensor<4x16x8xf32>
}
func.func @second(%a: tensor<4x16x8xf32>, %b: tensor<4x8x8xf32>, %c: tensor<4x16x8xf32>, %d: tensor<4x8x16xf32>, %e: tensor<4x16x16xf32>) -> (tensor<4x16x8xf32>, tensor<4x16x16xf32>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<4x16x8xf32>, tensor<4x8x8xf32>) outs(%c : tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  %1 = linalg.batch_matmul ins(%a, %d : tensor<4x16x8xf32>, tensor<4x8x16xf32>) outs(%e : tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
  return %0, %1 : tensor<4x16x8xf32>, tensor<4x16x16xf32>
}

// -----

// Reductions written as linalg.reduce or linalg.generic are anchors too. An
// elementwise op no anchor takes (the exp feeds the reduction's input, not
// its accumulator) is a task of its own, of class elementwise.
// CHECK-LABEL: func @reductions
// CHECK:       linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK-SAME:  sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 1024>
// CHECK:       linalg.reduce {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 1024>
// CHECK:       linalg.generic {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 1024>
// ALLOPS-LABEL: "name": "batch_matmul_4x16x16x8"
// ALLOPS:      "anchor": "linalg.generic"
// ALLOPS-NEXT: "bytes": 8192
// ALLOPS-NEXT: "class": "elementwise"
// ALLOPS:      "name": "generic_32x32"
// ALLOPS:      "anchor": "linalg.reduce"
// ALLOPS-NEXT: "bytes": 4224
// ALLOPS-NEXT: "class": "reduction"
// ALLOPS:      "anchor": "linalg.generic"
// ALLOPS-NEXT: "bytes": 4224
// ALLOPS-NEXT: "class": "reduction"
func.func @reductions(%x: tensor<32x32xf32>, %acc: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {
  %e = tensor.empty() : tensor<32x32xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<32x32xf32>
  %sum = linalg.reduce ins(%exp : tensor<32x32xf32>) outs(%acc : tensor<32xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<32x32xf32>) outs(%acc : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  return %sum, %max : tensor<32xf32>, tensor<32xf32>
}

// -----

// An elementwise op reading two anchors (a residual add) joins the first
// anchor's task only; the second anchor keeps its own task. The second add
// reads its operand twice and is not fused.
// CHECK-LABEL: func @residual
// CHECK:       linalg.matmul {sched.task = #sched.task<key = "[[A:[0-9a-f]+]]", weight = 1, flops = 1088>}
// CHECK:       linalg.matmul {sched.task = #sched.task<key = "[[B:[0-9a-f]+]]", weight = 1, flops = 1024>}
// NOFUSE:      "flops": 1024
// NOFUSE:      "weight": 2
func.func @residual(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = linalg.matmul ins(%b, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = linalg.add ins(%0, %1 : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = linalg.add ins(%2, %2 : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
