// Task extraction on examples/workloads/mobilenetv2_dw3x3.mlir (a copy of
// ../shared/workloads): one task, fused with linalg.fill.
// RUN: tuner-opt %examples/workloads/mobilenetv2_dw3x3.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/mobilenetv2_dw3x3.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      linalg.depthwise_conv_2d_nhwc_hwc {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 8128512>
// CHECK-NOT:  sched.task
// JSON:       "anchor": "linalg.depthwise_conv_2d_nhwc_hwc",
// JSON:       "name": "depthwise_conv_2d_nhwc_hwc_1x56x56x144x3x3",
// JSON:       "weight": 1
