// Shifts by amounts of the width or more, and by negative amounts (random
// inputs are in [-8, 8]; --inputs from 0 to 63): the vectorized program and
// the scalar reference agree (tuner-guard-shifts; before, -8 << 32 was 0 in
// the one and -8 in the other, as ONNX's BitShift tests found), on the
// host and on an AVX2 target.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --write %t/in/input_0.npy '<i4' 64, -32..32
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --write %t/in/input_1.npy '<i4' 64, 0..64
// RUN: for t in host cpu:avx2:l1=32k:l2=512k:l3=8m; do \
// RUN:   tuner-opt %s --sched-apply-default=target=$t --sched-materialize --tuner-lower-cpu -o %t/lowered.mlir && \
// RUN:   tuner-run %t/lowered.mlir --reference=%s --repeats=1 && \
// RUN:   tuner-run %t/lowered.mlir --reference=%s --inputs=%t/in --repeats=1; done | FileCheck %s
// CHECK-COUNT-4: reference: match
#map = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<64xi32>, %a: tensor<64xi32>) -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>) {
  %e = tensor.empty() : tensor<64xi32>
  %r:3 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map], iterator_types = ["parallel"]} ins(%x, %a : tensor<64xi32>, tensor<64xi32>) outs(%e, %e, %e : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>) {
  ^bb0(%v: i32, %s: i32, %o0: i32, %o1: i32, %o2: i32):
    %0 = arith.shli %v, %s : i32
    %1 = arith.shrui %v, %s : i32
    %2 = arith.shrsi %v, %s : i32
    linalg.yield %0, %1, %2 : i32, i32, i32
  } -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>)
  return %r#0, %r#1, %r#2 : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>
}
