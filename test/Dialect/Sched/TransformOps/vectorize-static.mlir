// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// A static pad becomes a vector read with the pad value and a write; a
// linalg op is vectorized as by transform.structured.vectorize.
// CHECK-LABEL: func.func @pad_and_copy
// CHECK-NOT:   tensor.pad
// CHECK-NOT:   linalg.copy
// CHECK:       %[[R:.*]] = vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : tensor<1x4xf32>, vector<1x4xf32>
// CHECK:       vector.transfer_write %[[R]], %{{.*}} : vector<1x4xf32>, tensor<1x4xf32>
// CHECK:       vector.transfer_read {{.*}} : tensor<8xf32>, vector<8xf32>
// CHECK-NOT:   tensor.pad
// CHECK-NOT:   linalg.copy
// CHECK:       return
func.func @pad_and_copy(%a: tensor<1x4xf32>, %b: tensor<8xf32>, %c: tensor<8xf32>)
    -> (tensor<1x4xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<1x4xf32> to tensor<1x4xf32>
  %copy = linalg.copy ins(%b : tensor<8xf32>) outs(%c : tensor<8xf32>) -> tensor<8xf32>
  return %p, %copy : tensor<1x4xf32>, tensor<8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["tensor.pad", "linalg.copy"]} in %root
        : (!transform.any_op) -> !transform.any_op
    transform.sched.vectorize_static %ops : !transform.any_op
    transform.yield
  }
}

// -----

func.func @dynamic_pad(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0] high[%n] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot vectorize a tensor.pad with a dynamic shape}}
    transform.sched.vectorize_static %pad : !transform.any_op
    transform.yield
  }
}
