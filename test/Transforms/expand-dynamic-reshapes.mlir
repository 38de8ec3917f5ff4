// RUN: tuner-opt %s --tuner-expand-dynamic-reshapes --split-input-file | FileCheck %s
// RUN: tuner-opt %s --tuner-expand-dynamic-reshapes --expand-strided-metadata --split-input-file -o /dev/null

// [?, 3072] into [?, ?, 3072] (MLIR 22's expand-strided-metadata crashes
// on it): a reinterpret_cast of the source's base, the outer stride the
// inner size times 3072.

// CHECK-LABEL: func.func @two_dynamic
// CHECK-SAME:    (%[[M:.*]]: memref<?x3072xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:         %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
// CHECK:         %[[S0:.*]] = arith.muli %[[STRIDES]]#0, %[[B]] : index
// CHECK:         memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[A]], %[[B]], 3072], strides: [%[[S0]], 3072, 1]
// CHECK-NOT:     memref.expand_shape
func.func @two_dynamic(%m: memref<?x3072xf32>, %a: index, %b: index) -> memref<?x?x3072xf32> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, %b, 3072] : memref<?x3072xf32> into memref<?x?x3072xf32>
  return %e : memref<?x?x3072xf32>
}

// -----

// A strided view with a dynamic offset: the offset and the source's row
// stride carry over.

// CHECK-LABEL: func.func @view
// CHECK:         %[[BASE:.*]], %[[OFF:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK:         %[[S0:.*]] = arith.muli %[[STRIDES]]#0, %{{.*}} : index
// CHECK:         memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%{{.*}}, %{{.*}}, 64], strides: [%[[S0]], 128, 1]
func.func @view(%m: memref<?x64xf32, strided<[128, 1], offset: ?>>, %a: index, %b: index) -> memref<?x?x64xf32, strided<[?, 128, 1], offset: ?>> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, %b, 64] : memref<?x64xf32, strided<[128, 1], offset: ?>> into memref<?x?x64xf32, strided<[?, 128, 1], offset: ?>>
  return %e : memref<?x?x64xf32, strided<[?, 128, 1], offset: ?>>
}

// -----

// One dynamic size per group: left to expand-strided-metadata.

// CHECK-LABEL: func.func @one_dynamic
// CHECK:         memref.expand_shape
func.func @one_dynamic(%m: memref<?x3072xf32>, %a: index) -> memref<?x4x3072xf32> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, 4, 3072] : memref<?x3072xf32> into memref<?x4x3072xf32>
  return %e : memref<?x4x3072xf32>
}
