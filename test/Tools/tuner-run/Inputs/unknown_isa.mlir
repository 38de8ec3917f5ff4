// A module whose target names an ISA extension no host has (target options
// refuse unknown features; an attribute written by another tool may not).
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, features = "avx2,fma,no-such-isa">} {
  func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    return %0 : tensor<64x64xf32>
  }
}
