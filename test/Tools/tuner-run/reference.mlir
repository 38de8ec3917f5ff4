// A scheduled module against its unscheduled original, on the same random
// inputs; then the same with an already-lowered module; then a reference
// that computes something else.
// RUN: split-file %s %t
// RUN: tuner-run %t/scheduled.mlir --reference=%t/original.mlir --repeats=1 | FileCheck %s
// RUN: tuner-opt %t/scheduled.mlir --sched-materialize --tuner-lower-cpu="out-params=true" -o %t/lowered.mlir
// RUN: tuner-run %t/lowered.mlir --reference=%t/original.mlir --repeats=1 --json | FileCheck %s --check-prefix=LOWERED
// RUN: not tuner-run %t/scheduled.mlir --reference=%t/other.mlir --repeats=1 > %t/out.txt
// RUN: FileCheck %s --check-prefix=MISMATCH --input-file=%t/out.txt
// RUN: not tuner-run %t/scheduled.mlir --reference=%t/other-shape.mlir 2>&1 | FileCheck %s --check-prefix=SIGNATURE

// CHECK: reference: match (max abs error {{.*}}; atol 1.0e-05 + {{.*}} x magnitude, rtol 1.0e-05)
// LOWERED: "flops":532480,{{.*}}"match":true
// MISMATCH: reference: MISMATCH in {{[0-9]+}} elements (output 0, element {{[0-9]+}}: got {{.*}}, expected {{.*}})
// SIGNATURE: tuner-run: the reference's signature differs from the module's

//--- scheduled.mlir
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256>} {
  func.func @mm_relu(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 16, k2 = 2, m1 = 32, m2 = 4, ms = 16, n1 = 64, n2 = 16, ns = 32, unroll = 2}>}
        ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64x128xf32>
    return %y : tensor<64x128xf32>
  }
}

//--- original.mlir
func.func @mm_relu(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}

//--- other.mlir
// Without the relu.
func.func @mm_relu(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

//--- other-shape.mlir
func.func @mm_relu(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
