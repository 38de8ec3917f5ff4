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

// CHECK-LABEL: func.func @five_blocks
// CHECK:         sketch = "cpu.contraction_bf16_dot", knobs = {{{.*}}tile = "{{[0-9]+}}x{{32|48}}"
// CHECK:         tensor.extract_slice {{.*}} : tensor<24x96xf32> to tensor<24x80xf32>
// CHECK-LABEL: func.func @partial_block
// CHECK:         sketch = "cpu.contraction_bf16_dot", knobs = {{{.*}}tile = "{{[0-9]+}}x{{32|48|64}}"
// CHECK:         tensor.extract_slice {{.*}} : tensor<8x1008xf32> to tensor<8x1000xf32>
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
