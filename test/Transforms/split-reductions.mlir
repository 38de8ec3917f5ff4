// RUN: tuner-opt %s --tuner-split-reductions --split-input-file | FileCheck %s
// RUN: tuner-opt %s --tuner-split-reductions=min-blocks=8 --split-input-file | FileCheck %s --check-prefix=EIGHT

// 4 rows of 65536 on 132 SMs: 64 pieces of 1024 (the fewest dividing the
// row that make 132 blocks: 33 does not divide it), reduced into [4, 64]
// partials, then a reduction of the partials into the original init. With
// min-blocks=8: 2 pieces.

// CHECK-LABEL: func.func @long_rows
// CHECK:       %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<4xf32>
// CHECK:       %[[X:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 64, 1024]
// CHECK:       %[[P0:.*]] = linalg.fill {{.*}} -> tensor<4x64xf32>
// CHECK:       %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<4x64x1024xf32>) outs(%[[P0]] : tensor<4x64xf32>)
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[P]] : tensor<4x64xf32>) outs(%[[INIT]] : tensor<4xf32>)
// EIGHT-LABEL: func.func @long_rows
// EIGHT:       tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 2, 32768]
func.func @long_rows(%x: tensor<4x65536xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x65536xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// Left alone: enough rows (256 of 16384), rows shorter than 8192, a row of
// prime length, an op reading linalg.index.

// CHECK-LABEL: func.func @untouched
// CHECK-NOT:   tensor.expand_shape
// CHECK-COUNT-4: iterator_types = ["parallel", "reduction"]
// CHECK-NOT:   tensor.expand_shape
func.func @untouched(%a: tensor<256x16384xf32>, %b: tensor<2x4096xf32>, %c: tensor<2x65537xf32>, %d: tensor<2x65536xf32>) -> (tensor<256xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %zero = arith.constant 0.0 : f32
  %e256 = tensor.empty() : tensor<256xf32>
  %f256 = linalg.fill ins(%zero : f32) outs(%e256 : tensor<256xf32>) -> tensor<256xf32>
  %e2 = tensor.empty() : tensor<2xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<256x16384xf32>) outs(%f256 : tensor<256xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<256xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%b : tensor<2x4096xf32>) outs(%f2 : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%c : tensor<2x65537xf32>) outs(%f2 : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%d : tensor<2x65536xf32>) outs(%f2 : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %w = arith.mulf %in, %kf : f32
    %s = arith.addf %w, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<256xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
