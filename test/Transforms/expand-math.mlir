// RUN: tuner-opt %s --split-input-file --tuner-expand-math | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-expand-math=expand-bf16 | FileCheck %s --check-prefix=BF16

// x^2 is a multiplication, not exp(2 log x) (wrong for negative x).
// CHECK-LABEL: func.func @square
// CHECK-SAME:    (%[[X:.*]]: vector<16xf32>)
// CHECK:         %[[R:.*]] = arith.mulf %[[X]], %[[X]] : vector<16xf32>
// CHECK:         return %[[R]]
func.func @square(%x: vector<16xf32>) -> vector<16xf32> {
  %c2 = arith.constant dense<2> : vector<16xi64>
  %r = math.fpowi %x, %c2 : vector<16xf32>, vector<16xi64>
  return %r : vector<16xf32>
}

// -----

// exp, tanh and erf of vectors become polynomial arithmetic: no math op
// is left for LLVM to scalarize into libm calls; bf16 is computed in f32.
// CHECK-LABEL: func.func @transcendental
// CHECK-NOT:     math.exp
// CHECK-NOT:     math.tanh
// CHECK-NOT:     math.erf
// CHECK:         arith.truncf {{.*}} : vector<16xf32> to vector<16xbf16>
func.func @transcendental(%x: vector<16xf32>, %y: vector<16xbf16>) -> (vector<16xf32>, vector<16xf32>, vector<16xbf16>) {
  %a = math.exp %x : vector<16xf32>
  %b = math.tanh %x : vector<16xf32>
  %c = math.erf %y : vector<16xbf16>
  return %a, %b, %c : vector<16xf32>, vector<16xf32>, vector<16xbf16>
}

// -----

// With expand-bf16 (targets without AVX512-BF16), rounding f32 to bf16 is
// integer arithmetic on the bits (round to nearest even, NaN kept); without
// it, the truncation is left to LLVM.
// CHECK-LABEL: func.func @round_to_bf16
// CHECK:         arith.truncf {{.*}} : vector<16xf32> to vector<16xbf16>
// BF16-LABEL:  func.func @round_to_bf16
// BF16-NOT:      arith.truncf
// BF16:          arith.bitcast {{.*}} : vector<16xf32> to vector<16xi32>
// BF16:          arith.shrui
// BF16:          arith.bitcast {{.*}} : vector<16xi16> to vector<16xbf16>
func.func @round_to_bf16(%x: vector<16xf32>) -> vector<16xbf16> {
  %r = arith.truncf %x : vector<16xf32> to vector<16xbf16>
  return %r : vector<16xbf16>
}

// -----

// powf with a variable exponent keeps pow's signs: exp(b * log|a|), negated
// for a negative base and an odd integer exponent, NaN for a fractional
// one, 1 for a zero exponent (not exp(b * log(a)), NaN for every a < 0).
// CHECK-LABEL: func.func @pow_variable
// CHECK-NOT:     math.powf
// CHECK:         math.floor
// CHECK:         arith.negf
// CHECK:         arith.select
func.func @pow_variable(%a: vector<8xf32>, %b: vector<8xf32>) -> vector<8xf32> {
  %r = math.powf %a, %b : vector<8xf32>
  return %r : vector<8xf32>
}
