// A kernel that rounds its f32 inputs to tf32 (gpu.contraction_mma on a
// cuda:<chip>:tf32 target, mma.sync m16n8k8.tf32) records precision = tf32
// in its signature, and its results are checked with tf32's tolerance: at
// least 4 eps(tf32) of the outputs' magnitude, however small one output is.
// Emulated on the CPU: the same 16 x 4096 x 16 matmul with both inputs
// rounded to tf32 (round to nearest, ties away, as cvt.rna.tf32.f32) first.
// Recorded as tf32 it matches the exact f32 reference; recorded as f32 (the
// same computation, the default signature) it does not.
//
// RUN: split-file %s %t
// RUN: tuner-run %t/tf32.mlir --reference=%t/exact.mlir --repeats=1 --json | FileCheck %s --check-prefix=TF32
// RUN: not tuner-run %t/as-f32.mlir --reference=%t/exact.mlir --repeats=1 | FileCheck %s --check-prefix=F32

// TF32: "atol_per_magnitude":0.00390625,{{.*}}"match":true,{{.*}}"tolerance":0.00390625
// F32: reference: MISMATCH

//--- exact.mlir
func.func @mm(%a: tensor<16x4096xf32>, %b: tensor<4096x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x4096xf32>, tensor<4096x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

//--- tf32.mlir
#id = affine_map<(i, j) -> (i, j)>
func.func @mm(%a: tensor<16x4096xf32>, %b: tensor<4096x16xf32>) -> tensor<16x16xf32>
    attributes {tuner.kernel = {accumulator = f32, flops = 0 : i64, inputs = [tensor<16x4096xf32>, tensor<4096x16xf32>], out_params = false, outputs = [tensor<16x16xf32>], precision = tf32, reduction_size = 4096 : i64}} {
  %half = arith.constant 4096 : i32
  %mask = arith.constant -8192 : i32
  %ea = tensor.empty() : tensor<16x4096xf32>
  %ra = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x4096xf32>) outs(%ea : tensor<16x4096xf32>) {
  ^bb0(%x: f32, %o: f32):
    %bits = arith.bitcast %x : f32 to i32
    %up = arith.addi %bits, %half : i32
    %cut = arith.andi %up, %mask : i32
    %y = arith.bitcast %cut : i32 to f32
    linalg.yield %y : f32
  } -> tensor<16x4096xf32>
  %eb = tensor.empty() : tensor<4096x16xf32>
  %rb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4096x16xf32>) outs(%eb : tensor<4096x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %bits = arith.bitcast %x : f32 to i32
    %up = arith.addi %bits, %half : i32
    %cut = arith.andi %up, %mask : i32
    %y = arith.bitcast %cut : i32 to f32
    linalg.yield %y : f32
  } -> tensor<4096x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%ra, %rb : tensor<16x4096xf32>, tensor<4096x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

//--- as-f32.mlir
#id = affine_map<(i, j) -> (i, j)>
func.func @mm(%a: tensor<16x4096xf32>, %b: tensor<4096x16xf32>) -> tensor<16x16xf32>
    attributes {tuner.kernel = {accumulator = f32, flops = 0 : i64, inputs = [tensor<16x4096xf32>, tensor<4096x16xf32>], out_params = false, outputs = [tensor<16x16xf32>], precision = f32, reduction_size = 4096 : i64}} {
  %half = arith.constant 4096 : i32
  %mask = arith.constant -8192 : i32
  %ea = tensor.empty() : tensor<16x4096xf32>
  %ra = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<16x4096xf32>) outs(%ea : tensor<16x4096xf32>) {
  ^bb0(%x: f32, %o: f32):
    %bits = arith.bitcast %x : f32 to i32
    %up = arith.addi %bits, %half : i32
    %cut = arith.andi %up, %mask : i32
    %y = arith.bitcast %cut : i32 to f32
    linalg.yield %y : f32
  } -> tensor<16x4096xf32>
  %eb = tensor.empty() : tensor<4096x16xf32>
  %rb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4096x16xf32>) outs(%eb : tensor<4096x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %bits = arith.bitcast %x : f32 to i32
    %up = arith.addi %bits, %half : i32
    %cut = arith.andi %up, %mask : i32
    %y = arith.bitcast %cut : i32 to f32
    linalg.yield %y : f32
  } -> tensor<4096x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%ra, %rb : tensor<16x4096xf32>, tensor<4096x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
