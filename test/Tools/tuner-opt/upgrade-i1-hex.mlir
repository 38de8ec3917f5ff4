// Boolean hex literals of one byte per element (newer MLIR's form, as
// IREE 3.13's importers print them) are packed to MLIR 22's bits before
// parsing; other literals are left alone.
// RUN: tuner-opt %s | FileCheck %s
// RUN: tuner-opt %S/../../Integration/Inputs/onnx/causal_mask_i1.mlir | FileCheck %s --check-prefix=MASK

// CHECK-LABEL: func.func @bools
// CHECK: dense<[true, false, true]> : tensor<3xi1>
// CHECK: dense<[false, true]> : vector<2xi1>
// CHECK: dense<[1, 2]> : tensor<2xi8>
// CHECK: dense<true> : tensor<5xi1>
func.func @bools() -> (tensor<3xi1>, vector<2xi1>, tensor<2xi8>, tensor<5xi1>) {
  %a = arith.constant dense<"0x010001"> : tensor<3xi1>
  %b = arith.constant dense<"0x0001"> : vector<2xi1>
  %c = arith.constant dense<"0x0102"> : tensor<2xi8>
  %d = arith.constant dense<true> : tensor<5xi1>
  return %a, %b, %c, %d : tensor<3xi1>, vector<2xi1>, tensor<2xi8>, tensor<5xi1>
}

// The upper triangle of a 4 x 4 causal mask (row 0: 0 1 1 1, ...).
// MASK: dense<{{\[}}[false, true, true, true], [false, false, true, true], [false, false, false, true], [false, false, false, false]]> : tensor<4x4xi1>
