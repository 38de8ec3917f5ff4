// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// The padded matmul's accumulator, a pad of a filled tile of up to 8 rows,
// becomes a fill of the padded 8 x 8 shape; the copy of the result back
// into the tile writes the tile's own destination, so the old fill and the
// pad go away. A's pad (not of a fill) stays.
// CHECK-LABEL: func.func @padded_init
// CHECK:       %[[AS:.*]] = tensor.extract_slice %arg0
// CHECK:       %[[CS:.*]] = tensor.extract_slice %arg2
// CHECK:       %[[PA:.*]] = tensor.pad %[[AS]]
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK:       %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8x8xf32>)
// CHECK:       %[[M:.*]] = linalg.matmul ins(%[[PA]], %arg1 : {{.*}}) outs(%[[F]] : tensor<8x8xf32>)
// CHECK:       %[[S:.*]] = tensor.extract_slice %[[M]][0, 0]
// CHECK:       linalg.copy ins(%[[S]] : tensor<?x8xf32>) outs(%[[CS]] : tensor<?x8xf32>)
// CHECK-NOT:   linalg.fill
func.func @padded_init(%a: tensor<16x7xf32>, %b: tensor<7x8xf32>, %c: tensor<16x8xf32>,
                       %rows: index) -> tensor<?x8xf32> {
  %zero = arith.constant 0.0 : f32
  %m = affine.min affine_map<()[s0] -> (s0, 8)>()[%rows]
  %as = tensor.extract_slice %a[0, 0] [%m, 7] [1, 1] : tensor<16x7xf32> to tensor<?x7xf32>
  %cs = tensor.extract_slice %c[0, 0] [%m, 8] [1, 1] : tensor<16x8xf32> to tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%cs : tensor<?x8xf32>) -> tensor<?x8xf32>
  %r = linalg.matmul ins(%as, %b : tensor<?x7xf32>, tensor<7x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %padded, %pad, %copy = transform.structured.pad %mm {
        padding_values = [0.0 : f32, 0.0 : f32, 0.0 : f32],
        padding_dimensions = [0], copy_back_op = "linalg.copy"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %fill = transform.sched.fold_fill_into_pad %padded
        : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %fill : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{1}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

// A fill with another value than the padding's is left as it is: nothing
// folded, no new fill.
// CHECK-LABEL: func.func @other_value
// CHECK:       linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<?x8xf32>)
// CHECK:       tensor.pad
// CHECK:       tensor.pad
func.func @other_value(%a: tensor<16x7xf32>, %b: tensor<7x8xf32>, %c: tensor<16x8xf32>,
                       %rows: index) -> tensor<?x8xf32> {
  %one = arith.constant 1.0 : f32
  %m = affine.min affine_map<()[s0] -> (s0, 8)>()[%rows]
  %as = tensor.extract_slice %a[0, 0] [%m, 7] [1, 1] : tensor<16x7xf32> to tensor<?x7xf32>
  %cs = tensor.extract_slice %c[0, 0] [%m, 8] [1, 1] : tensor<16x8xf32> to tensor<?x8xf32>
  %f = linalg.fill ins(%one : f32) outs(%cs : tensor<?x8xf32>) -> tensor<?x8xf32>
  %r = linalg.matmul ins(%as, %b : tensor<?x7xf32>, tensor<7x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %padded, %pad, %copy = transform.structured.pad %mm {
        padding_values = [0.0 : f32, 0.0 : f32, 0.0 : f32],
        padding_dimensions = [0], copy_back_op = "linalg.copy"}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %fill = transform.sched.fold_fill_into_pad %padded
        : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %fill : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{0}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}
