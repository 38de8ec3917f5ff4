// RUN: tuner-opt %s --split-input-file --tuner-prepare="constant-init-epilogues=true" | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-prepare | FileCheck %s --check-prefix=COPY

// TOSA's conv2d and fully_connected fold a bias into the matmul's init, a
// non-splat constant. For CUDA targets the matmul starts from a zero fill
// and the constant is added after it (the GPU kernels fuse a fill and
// elementwise consumers); the consumer (a ReLU) reads the sum. Without the
// option the init is a copy of the constant.
// CHECK-LABEL: func.func @bias_init
// CHECK-DAG:     %[[BIAS:.+]] = arith.constant dense<{{.*}}> : tensor<4x8xf32>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[FILL:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.+}} : tensor<4x8xf32>)
// CHECK:         %[[MM:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<4x8xf32>, tensor<8x8xf32>) outs(%[[FILL]] : tensor<4x8xf32>)
// CHECK:         %[[SUM:.+]] = linalg.generic {{.*}} ins(%[[MM]], %[[BIAS]] : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} ins(%[[SUM]] : tensor<4x8xf32>)
// CHECK:           arith.maximumf
// COPY-LABEL: func.func @bias_init
// COPY:         %[[C:.+]] = linalg.copy ins(%{{.+}} : tensor<4x8xf32>)
// COPY:         linalg.matmul {{.*}} outs(%[[C]] : tensor<4x8xf32>)
// COPY-NOT:     arith.addf
func.func @bias_init(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %bias = arith.constant dense<[[0.0,1.0,2.0,3.0,4.0,5.0,6.0,7.0],[8.0,9.0,10.0,11.0,12.0,13.0,14.0,15.0],[16.0,17.0,18.0,19.0,20.0,21.0,22.0,23.0],[24.0,25.0,26.0,27.0,28.0,29.0,30.0,31.0]]> : tensor<4x8xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x8xf32>) outs(%bias : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %relu : tensor<4x8xf32>
}

// -----

// A splat init stays a fill; an integer matmul's constant init stays a copy.
// CHECK-LABEL: func.func @left_alone
// CHECK:         linalg.fill ins(%{{.+}} : f32)
// CHECK:         linalg.matmul
// CHECK:         %[[C:.+]] = linalg.copy ins(%{{.+}} : tensor<4x4xi32>)
// CHECK:         linalg.matmul {{.*}} outs(%[[C]] : tensor<4x4xi32>)
// CHECK-NOT:     arith.addf
func.func @left_alone(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xi32>, %d: tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xi32>) {
  %two = arith.constant dense<2.0> : tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%two : tensor<4x4xf32>) -> tensor<4x4xf32>
  %k = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi32>
  %n = linalg.matmul ins(%c, %d : tensor<4x4xi32>, tensor<4x4xi32>) outs(%k : tensor<4x4xi32>) -> tensor<4x4xi32>
  return %m, %n : tensor<4x4xf32>, tensor<4x4xi32>
}
