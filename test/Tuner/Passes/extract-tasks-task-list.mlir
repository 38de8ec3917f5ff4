// RUN: rm -rf %t && mkdir -p %t
// RUN: tuner-opt %s --sched-extract-tasks="prepare=false task-list=%t/tasks.json" -o /dev/null
// RUN: FileCheck %s --input-file=%t/tasks.json
// The file is valid JSON with one entry per task.
// RUN: %PYTHON -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['version']==1 and len(d['tasks'])==1, d" %t/tasks.json

// CHECK:      "tasks": [
// CHECK:          "anchor": "linalg.conv_2d_nhwc_hwcf",
// CHECK:          "flops": 147456,
// CHECK:          "fused": [
// CHECK-NEXT:       "linalg.fill"
// CHECK-NEXT:     ],
// CHECK:          "iterator_types": [
// CHECK-COUNT-4:    "parallel",
// CHECK:          "key": "{{[0-9a-f]+}}",
// CHECK:          "loop_ranges": [
// CHECK:          "name": "conv_2d_nhwc_hwcf_1x8x8x16x3x3x8",
// CHECK:          "occurrences": [
// CHECK:              "function": "conv",
// CHECK-NEXT:         "loc": "{{.*}}extract-tasks-task-list.mlir:[[@LINE+10]]:8"
// CHECK:          "operands": [
// CHECK:              "element_type": "f32",
// CHECK-NEXT:         "role": "input",
// CHECK:          "weight": 2,
// CHECK:          "workload": "sched-workload-v1\nproducer linalg.fill
func.func @conv(%i: tensor<1x10x10x8xf32>, %f: tensor<3x3x8x16xf32>) -> (tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%fill : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%fill : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %0, %1 : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>
}
