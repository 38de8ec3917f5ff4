// cpu.contraction_padded with pad = "block" and a K block larger than K
// (95 x 97 x 3, k1 = 16): each chunk of A's padded block reads no wider than
// A's rows can be. The 16-lane masked reads it made before were compiled by
// LLVM 22 for AVX2 under OpenMP into plain loads of their upper half, which
// read past the end of A: NaN where A's neighbours are NaN (here A is a
// slice of a larger tensor whose last row is NaN; the tool's guard regions
// are NaN too). n1 = 112 aborted inside LLVM (X86AvoidStoreForwardingBlocks,
// now off). Every variant computes what the program computes.
// RUN: split-file %s %t
// RUN: %PYTHON %S/Inputs/with_config.py %t/slice.mlir 'k1 = 16, k2 = 1, m1 = 8, m2 = 1, n1 = 64, n2 = 8, pad = "block", unroll = 2' > %t/a.mlir
// RUN: tuner-run %t/a.mlir --reference=%t/slice.mlir --repeats=1 | FileCheck %s
// RUN: %PYTHON %S/Inputs/with_config.py %t/slice.mlir 'k1 = 16, k2 = 2, m1 = 24, m2 = 12, n1 = 8, n2 = 8, pad = "block", unroll = 2' > %t/b.mlir
// RUN: tuner-run %t/b.mlir --reference=%t/slice.mlir --repeats=1 | FileCheck %s
// RUN: %PYTHON %S/Inputs/with_config.py %t/slice.mlir 'k1 = 16, k2 = 1, m1 = 4, m2 = 4, n1 = 112, n2 = 8, pad = "block", unroll = 1' > %t/c.mlir
// RUN: tuner-run %t/c.mlir --reference=%t/slice.mlir --repeats=1 | FileCheck %s
// RUN: %PYTHON %S/Inputs/with_config.py %t/args.mlir 'k1 = 16, k2 = 2, m1 = 8, m2 = 2, n1 = 96, n2 = 16, pad = "block", unroll = 2' > %t/d.mlir
// RUN: tuner-run %t/d.mlir --reference=%t/args.mlir --repeats=1 | FileCheck %s
// CHECK: reference: match

//--- slice.mlir
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, l1 = 32768, l2 = 524288, l3 = 8388608, features = "avx2,fma">} {
  func.func @mm(%big: tensor<96x3xf32>, %b: tensor<3x97xf32>) -> tensor<95x97xf32> {
    %nan = arith.constant dense<0x7FC00000> : tensor<1x3xf32>
    %poisoned = tensor.insert_slice %nan into %big[95, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<96x3xf32>
    %a = tensor.extract_slice %poisoned[0, 0] [95, 3] [1, 1] : tensor<96x3xf32> to tensor<95x3xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<95x97xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<95x97xf32>) -> tensor<95x97xf32>
    %r = linalg.matmul ins(%a, %b : tensor<95x3xf32>, tensor<3x97xf32>) outs(%f : tensor<95x97xf32>) -> tensor<95x97xf32>
    return %r : tensor<95x97xf32>
  }
}

//--- args.mlir
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, l1 = 32768, l2 = 524288, l3 = 8388608, features = "avx2,fma">} {
  func.func @mm(%a: tensor<95x3xf32>, %b: tensor<3x97xf32>) -> tensor<95x97xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<95x97xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<95x97xf32>) -> tensor<95x97xf32>
    %r = linalg.matmul ins(%a, %b : tensor<95x3xf32>, tensor<3x97xf32>) outs(%f : tensor<95x97xf32>) -> tensor<95x97xf32>
    return %r : tensor<95x97xf32>
  }
}
