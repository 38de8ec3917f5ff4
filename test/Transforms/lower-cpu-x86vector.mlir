// RUN: tuner-opt %s --tuner-lower-cpu | FileCheck %s

// x86vector ops a schedule chose (AVX512-BF16 dot products, from
// transform.apply_patterns.x86vector.vector_contract_to_packed_type_dot_product)
// lower to their LLVM intrinsics.
// CHECK-LABEL: llvm.func @dot
// CHECK: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"
func.func @dot(%acc: vector<16xf32>, %a: vector<32xbf16>, %b: vector<32xbf16>) -> vector<16xf32> {
  %0 = x86vector.avx512.dot %acc, %a, %b : vector<32xbf16> -> vector<16xf32>
  return %0 : vector<16xf32>
}
