// A weight in a constant ml_program global (tuner-convert-frontend-ops).
module {
  ml_program.global private @w(dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>) : tensor<3x2xf32>
  func.func @f(%a: tensor<4x3xf32>) -> tensor<4x2xf32> {
    %w = ml_program.global_load_const @w : tensor<3x2xf32>
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x2xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
    %m = linalg.matmul ins(%a, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
    return %m : tensor<4x2xf32>
  }
}
