// RUN: tuner-opt %s --split-input-file --tuner-widen-booleans | FileCheck %s

// A mask computed once and read by two ops (torch-mlir's BERT: a position
// comparison read by each softmax of the attention) is stored as i8; each
// reader truncates it back to i1 at the top of its body.
// CHECK-LABEL: func.func @mask
// CHECK:         %[[E8:.*]] = tensor.empty() : tensor<64xi8>
// CHECK:         %[[M:.*]] = linalg.generic {{.*}} outs(%[[E8]] : tensor<64xi8>)
// CHECK:         ^bb0(%{{.*}}: i8):
// CHECK:           %[[C:.*]] = arith.cmpi
// CHECK:           %[[B:.*]] = arith.extui %[[C]] : i1 to i8
// CHECK:           linalg.yield %[[B]] : i8
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[M]] : tensor<4x64xf32>, tensor<64xi8>)
// CHECK:         ^bb0(%{{.*}}: f32, %[[BYTE:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT:      %[[BIT:.*]] = arith.trunci %[[BYTE]] : i8 to i1
// CHECK-NEXT:      arith.select %[[BIT]]
// CHECK:         linalg.generic {{.*}} ins(%[[M]] : tensor<64xi8>)
// CHECK:         ^bb0(%[[BYTE2:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT:      %[[BIT2:.*]] = arith.trunci %[[BYTE2]] : i8 to i1
#id = affine_map<(i) -> (i)>
#row = affine_map<(r, i) -> (r, i)>
#col = affine_map<(r, i) -> (i)>
func.func @mask(%x: tensor<4x64xf32>) -> (tensor<4x64xf32>, tensor<64xf32>) {
  %c32 = arith.constant 32 : index
  %e = tensor.empty() : tensor<64xi1>
  %m = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<64xi1>) {
  ^bb0(%o: i1):
    %i = linalg.index 0 : index
    %c = arith.cmpi slt, %i, %c32 : index
    linalg.yield %c : i1
  } -> tensor<64xi1>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %ex = tensor.empty() : tensor<4x64xf32>
  %s = linalg.generic {indexing_maps = [#row, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<4x64xf32>, tensor<64xi1>) outs(%ex : tensor<4x64xf32>) {
  ^bb0(%v: f32, %k: i1, %o: f32):
    %r = arith.select %k, %v, %ninf : f32
    linalg.yield %r : f32
  } -> tensor<4x64xf32>
  %ef = tensor.empty() : tensor<64xf32>
  %f = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%m : tensor<64xi1>) outs(%ef : tensor<64xf32>) {
  ^bb0(%k: i1, %o: f32):
    %r = arith.select %k, %one, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %s, %f : tensor<4x64xf32>, tensor<64xf32>
}

// -----

// Booleans a function returns, or that another kind of op uses, keep i1.
// CHECK-LABEL: func.func @kept
// CHECK-NOT:     i8
// CHECK:         return
#id = affine_map<(i) -> (i)>
func.func @kept(%x: tensor<64xf32>, %y: tensor<64xf32>) -> (tensor<64xi1>, tensor<2x32xi1>) {
  %e = tensor.empty() : tensor<64xi1>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xi1>) {
  ^bb0(%a: f32, %b: f32, %o: i1):
    %c = arith.cmpf olt, %a, %b : f32
    linalg.yield %c : i1
  } -> tensor<64xi1>
  %n = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%y, %x : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xi1>) {
  ^bb0(%a: f32, %b: f32, %o: i1):
    %c = arith.cmpf olt, %a, %b : f32
    linalg.yield %c : i1
  } -> tensor<64xi1>
  %r = tensor.expand_shape %n [[0, 1]] output_shape [2, 32] : tensor<64xi1> into tensor<2x32xi1>
  return %m, %r : tensor<64xi1>, tensor<2x32xi1>
}
