// The tolerance of a result that went through several reductions counts the
// terms of all of them (their roundings add up): two 1024-term matmuls one
// after the other are checked like one 2048-term sum (perMagnitude = 4 eps
// sqrt(2048)), one alone like a 1024-term sum (4 eps sqrt(1024) = 2^-16).
// A TOSA matmul counts as the linalg op it becomes.
//
// RUN: split-file %s %t
// RUN: tuner-run %t/chain.mlir --reference=%t/chain.mlir --repeats=1 --json | FileCheck %s --check-prefix=CHAIN
// RUN: tuner-run %t/one.mlir --reference=%t/one.mlir --repeats=1 --json | FileCheck %s --check-prefix=ONE
// RUN: tuner-run %t/tosa.mlir --reference=%t/tosa.mlir --repeats=1 --json | FileCheck %s --check-prefix=ONE

// CHAIN: "atol_per_magnitude":2.157918{{[0-9]*}}e-05
// ONE: "atol_per_magnitude":1.52587890625e-05

//--- chain.mlir
func.func @mlp(%x: tensor<8x1024xf32>, %w1: tensor<1024x1024xf32>, %w2: tensor<1024x16xf32>) -> tensor<8x16xf32> {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x1024xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<8x1024xf32>, tensor<1024x1024xf32>) outs(%f1 : tensor<8x1024xf32>) -> tensor<8x1024xf32>
  %e2 = tensor.empty() : tensor<8x16xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<8x1024xf32>, tensor<1024x16xf32>) outs(%f2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

//--- one.mlir
func.func @mm(%x: tensor<8x1024xf32>, %w: tensor<1024x16xf32>) -> tensor<8x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x1024xf32>, tensor<1024x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

//--- tosa.mlir
func.func @mm(%x: tensor<1x8x1024xf32>, %w: tensor<1x1024x16xf32>) -> tensor<1x8x16xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.matmul %x, %w, %zp, %zp : (tensor<1x8x1024xf32>, tensor<1x1024x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  return %y : tensor<1x8x16xf32>
}
