// math.powf with an exponent the body does not see as a constant (an
// operand of the linalg op: a TOSA pow by a constant tensor of 2.0, as
// torch-mlir exports x.pow(2)) gave NaN for every negative base and for
// 0^0 (exp(b * log(a))); it follows C's pow now: even and odd integer
// exponents of negative bases, NaN for a fractional one, 1 for b = 0.
// RUN: tuner-opt %s --tuner-lower-cpu=parallel=none \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so,%llvm_lib_dir/libmlir_runner_utils.so \
// RUN: | FileCheck %s

// CHECK: [9,  -8,  2.25,  0,  1,  1.41421,  nan,  2]
func.func @pw(%x: tensor<8xf32>, %e: tensor<8xf32>) -> tensor<8xf32> {
  %o = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %e : tensor<8xf32>, tensor<8xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %p = math.powf %a, %b : f32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @main() {
  %x = arith.constant dense<[-3.0, -2.0, -1.5, 0.0, 0.0, 2.0, -2.0, 0.5]> : tensor<8xf32>
  %e = arith.constant dense<[2.0, 3.0, 2.0, 2.0, 0.0, 0.5, 0.5, -1.0]> : tensor<8xf32>
  %r = func.call @pw(%x, %e) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %u = tensor.cast %r : tensor<8xf32> to tensor<*xf32>
  func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
