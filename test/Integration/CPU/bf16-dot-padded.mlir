// bf16 matmuls whose N is not a count of 16-column blocks that register
// tiles of 2 to 4 blocks divide, on a host with AVX512-BF16 (no AMX): B is
// padded with zero columns to whole blocks (80 -> 96, 1000 -> 1008) and the
// result sliced back, with a bias and a ReLU after it. The default
// schedules use tiles wider than one block and compute what the
// untransformed program computes.
// REQUIRES: host-avx512-bf16
// RUN: tuner-opt %s --sched-apply-default=target=cpu:+avx512bf16:-amx-bf16 -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: tuner-opt %t.mlir --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: tuner-run %t.ll.mlir --entry=five_blocks --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: tuner-run %t.ll.mlir --entry=partial_block --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: tuner-run %t.ll.mlir --entry=transposed_b --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: tuner-run %t.ll.mlir --entry=constant_weight --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @five_blocks
// CHECK:         sketch = "cpu.contraction_bf16_dot", knobs = {{{.*}}tile = "{{[0-9]+}}x{{32|48}}"
// CHECK:         tensor.extract_slice {{.*}} : tensor<24x96xf32> to tensor<24x80xf32>
// CHECK-LABEL: func.func @partial_block
// CHECK:         sketch = "cpu.contraction_bf16_dot", knobs = {{{.*}}tile = "{{[0-9]+}}x{{32|48|64}}"
// CHECK:         tensor.extract_slice {{.*}} : tensor<8x1008xf32> to tensor<8x1000xf32>
// CHECK-LABEL: func.func @transposed_b
// CHECK:         tensor.extract_slice {{.*}} : tensor<16x96xf32> to tensor<16x80xf32>
// A constant weight is padded and laid out at compile time.
// CHECK-LABEL: func.func @constant_weight
// CHECK:         arith.constant dense{{.*}} : tensor<6x32x16x2xbf16>
// CHECK-NOT:     tensor.pad
// CHECK:         tensor.extract_slice {{.*}} : tensor<16x96xf32> to tensor<16x80xf32>
// EXEC: reference: match
func.func @five_blocks(%a: tensor<24x64xbf16>, %b: tensor<64x80xbf16>, %bias: tensor<80xf32>) -> tensor<24x80xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24x80xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<24x80xf32>) -> tensor<24x80xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<24x64xbf16>, tensor<64x80xbf16>) outs(%f : tensor<24x80xf32>) -> tensor<24x80xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]} ins(%0, %bias : tensor<24x80xf32>, tensor<80xf32>) outs(%e : tensor<24x80xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  } -> tensor<24x80xf32>
  return %1 : tensor<24x80xf32>
}

func.func @partial_block(%a: tensor<8x128xbf16>, %b: tensor<128x1000xbf16>) -> tensor<8x1000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x1000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<8x128xbf16>, tensor<128x1000xbf16>) outs(%f : tensor<8x1000xf32>) -> tensor<8x1000xf32>
  return %0 : tensor<8x1000xf32>
}

// B given as [N, K] (padded along its first dimension).
func.func @transposed_b(%a: tensor<16x64xbf16>, %b: tensor<80x64xbf16>) -> tensor<16x80xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x80xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x80xf32>) -> tensor<16x80xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<16x64xbf16>, tensor<80x64xbf16>) outs(%f : tensor<16x80xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x80xf32>
  return %0 : tensor<16x80xf32>
}

func.func @constant_weight(%a: tensor<16x64xbf16>) -> tensor<16x80xf32> {
  %w = arith.constant dense<0.5> : tensor<64x80xbf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x80xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x80xf32>) -> tensor<16x80xf32>
  %0 = linalg.matmul ins(%a, %w : tensor<16x64xbf16>, tensor<64x80xbf16>) outs(%f : tensor<16x80xf32>) -> tensor<16x80xf32>
  return %0 : tensor<16x80xf32>
}
