// RUN: tuner-opt %s --tuner-specialize-shapes="shapes=2x7,7x3" | FileCheck %s
// RUN: not tuner-opt %s --tuner-specialize-shapes="shapes=2x7" 2>&1 | FileCheck %s --check-prefix=MISSING

// shapes= gives each argument with a dynamic dimension its whole shape, in
// order: a matmul whose operands have different dynamic sizes (which one
// sizes= list cannot give) becomes static, static and scalar arguments are
// skipped, and the result is returned static.
// MISSING: error: tuner-specialize-shapes: argument #2 of type 'tensor<?x3xf32>' has no entry in shapes= (1 given)
// CHECK-LABEL: func.func @mm
// CHECK-SAME:    (%{{.*}}: tensor<2x7xf32>, %{{.*}}: f32, %{{.*}}: tensor<7x3xf32>) -> tensor<2x3xf32>
// CHECK-NOT:   tensor.dim
// CHECK:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x7xf32>, tensor<7x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NOT:   tensor.cast
// CHECK:       return %{{.*}} : tensor<2x3xf32>
func.func @mm(%a: tensor<?x?xf32>, %s: f32, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?x3xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x3xf32>) outs(%f : tensor<?x3xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
