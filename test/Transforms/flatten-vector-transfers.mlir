// RUN: tuner-opt %s --tuner-flatten-vector-transfers | FileCheck %s

// A read of a contiguous row (a VNNI row of bf16 pairs) becomes one 1-D read.
// CHECK-LABEL: func.func @contiguous
// CHECK: memref.collapse_shape
// CHECK: vector.transfer_read {{.*}} vector<32xbf16>
// CHECK: vector.shape_cast {{.*}} vector<32xbf16> to vector<1x16x2xbf16>
func.func @contiguous(%m: memref<1x16x2xbf16, strided<[1536, 2, 1], offset: ?>>) -> vector<1x16x2xbf16> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %v = vector.transfer_read %m[%c0, %c0, %c0], %pad {in_bounds = [true, true, true]} : memref<1x16x2xbf16, strided<[1536, 2, 1], offset: ?>>, vector<1x16x2xbf16>
  return %v : vector<1x16x2xbf16>
}

// Rows of a strided tile are not contiguous: left as they are.
// CHECK-LABEL: func.func @strided
// CHECK: vector.transfer_read {{.*}} vector<8x32xf32>
func.func @strided(%m: memref<8x32xf32, strided<[512, 1], offset: ?>>) -> vector<8x32xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf32, strided<[512, 1], offset: ?>>, vector<8x32xf32>
  return %v : vector<8x32xf32>
}

// A vector of unit dimensions only (MLIR 22's contiguity check reads out of
// bounds on it: found by the IR fuzzer) is left as it is.
// CHECK-LABEL: func.func @unit_dims
// CHECK: vector.transfer_read {{.*}} vector<1x1xi8>
func.func @unit_dims(%m: memref<4x8xi8, strided<[8, 1], offset: ?>>) -> vector<1x1xi8> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i8
  %v = vector.transfer_read %m[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x8xi8, strided<[8, 1], offset: ?>>, vector<1x1xi8>
  return %v : vector<1x1xi8>
}
