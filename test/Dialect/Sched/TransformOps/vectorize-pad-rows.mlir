// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// A 10 x 50 block padded to 12 x 50 (A's rows, with all of K): one loop over
// chunks of 4 rows, each a masked read of the source (zeros outside it) of
// rows rounded up to 64 lanes and a write of the rows masked to 50 columns;
// no fill, no scf.if. The linalg.fill is not a pad and is left alone.
// CHECK-LABEL: func.func @rows
// CHECK:       %[[EMPTY:.*]] = tensor.empty() : tensor<12x50xf32>
// CHECK:       %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %c12{{.*}} step %c4{{.*}} iter_args(%[[ACC:.*]] = %[[EMPTY]]) -> (tensor<12x50xf32>)
// CHECK:         %[[RM:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<4x64xi1>
// CHECK:         %[[V:.*]] = vector.transfer_read %{{.*}}[%[[I]], %{{.*}}], %cst{{.*}}, %[[RM]] {in_bounds = [true, true]} : tensor<10x50xf32>, vector<4x64xf32>
// CHECK:         %[[WM:.*]] = vector.create_mask %{{.*}}, %{{.*}} : vector<4x64xi1>
// CHECK:         %[[W:.*]] = vector.transfer_write %[[V]], %[[ACC]][%[[I]], %{{.*}}], %[[WM]] {in_bounds = [true, true]} : vector<4x64xf32>, tensor<12x50xf32>
// CHECK:         scf.yield %[[W]]
// CHECK-NOT:   tensor.pad
// CHECK-NOT:   scf.if
// CHECK:       linalg.fill
// CHECK:       return %[[R]]
func.func @rows(%a: tensor<10x50xf32>, %b: tensor<4xf32>) -> (tensor<12x50xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<10x50xf32> to tensor<12x50xf32>
  %f = linalg.fill ins(%zero : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %p, %f : tensor<12x50xf32>, tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %ops = transform.structured.match ops{["tensor.pad", "linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %loops = transform.sched.vectorize_pad_rows %ops {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %loops : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{1}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

// A dynamic block padded to a power-of-two width with a batch dimension: a
// loop over the batch, then over 2 rows (fewer padded rows than `rows`);
// the write needs no mask. A pad that pads nothing and is not nofold goes.
// CHECK-LABEL: func.func @batch
// CHECK:       scf.for %{{.*}} = %{{.*}} to %c3{{.*}} step %c1
// CHECK:         scf.for %{{.*}} = %{{.*}} to %c2{{.*}} step %c2
// CHECK:           vector.transfer_read {{.*}} : tensor<?x?x?xf32>, vector<1x2x16xf32>
// CHECK-NOT:       vector.create_mask
// CHECK:           vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] {in_bounds = [true, true, true]} : vector<1x2x16xf32>, tensor<3x2x16xf32>
// CHECK-NOT:   tensor.pad
// CHECK:       return %{{.*}}, %arg1
func.func @batch(%a: tensor<?x?x?xf32>, %b: tensor<4x4xf32>, %h0: index, %h1: index, %h2: index)
    -> (tensor<3x2x16xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0, 0] high[%h0, %h1, %h2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<?x?x?xf32> to tensor<3x2x16xf32>
  %q = tensor.pad %b low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<4x4xf32>
  return %p, %q : tensor<3x2x16xf32>, tensor<4x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pads = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %loops = transform.sched.vectorize_pad_rows %pads {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @dynamic_result(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
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
    // expected-error @below {{expected a pad with a static shape}}
    %loops = transform.sched.vectorize_pad_rows %pad {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @low_padding(%a: tensor<4xf32>) -> tensor<6xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[2] high[0] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<4xf32> to tensor<6xf32>
  return %p : tensor<6xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected no low padding}}
    %loops = transform.sched.vectorize_pad_rows %pad {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @huge_rows(%a: tensor<4x1000000xf32>) -> tensor<4x1048576xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[0, 48576] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x1000000xf32> to tensor<4x1048576xf32>
  return %p : tensor<4x1048576xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a non-empty pad whose chunks of 4 rows have at most 1048576 elements}}
    %loops = transform.sched.vectorize_pad_rows %pad {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @empty(%a: tensor<0x3xf32>) -> tensor<0x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<0x3xf32> to tensor<0x4xf32>
  return %p : tensor<0x4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %pad = transform.structured.match ops{["tensor.pad"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected a non-empty pad}}
    %loops = transform.sched.vectorize_pad_rows %pad {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
