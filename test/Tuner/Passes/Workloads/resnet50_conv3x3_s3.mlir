// Task extraction on examples/workloads/resnet50_conv3x3_s3.mlir (a copy of
// ../shared/workloads): one task, fused with linalg.fill.
// RUN: tuner-opt %examples/workloads/resnet50_conv3x3_s3.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/resnet50_conv3x3_s3.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      linalg.conv_2d_nhwc_hwcf {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 231211008>
// CHECK-NOT:  sched.task
// JSON:       "anchor": "linalg.conv_2d_nhwc_hwcf",
// JSON:       "name": "conv_2d_nhwc_hwcf_1x14x14x256x3x3x256",
// JSON:       "weight": 1
