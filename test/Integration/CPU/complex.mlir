// Programs on complex numbers (torch-mlir's complex tests: views as real,
// polar, complex products): tuner-lower-cpu lowered them with complex ops
// left as unrealized casts, which only the JIT reported, and tuner-run had
// no buffers for them. The ops get cpu.fallback (scalar loops); the complex
// arithmetic becomes real arithmetic (convert-complex-to-standard) and
// LLVM structs. Known values, then random ones against the reference, on
// the host and an AVX2 target.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: tuner-opt %s --sched-apply-default=target=host --sched-materialize --tuner-lower-cpu -o %t/host.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --write %t/in/input_0.npy '<c8' 4, 1+2j 3-1j 0+1j -2+0j
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --write %t/in/input_1.npy '<c8' 4, 1-1j 2+0j 0+1j 0.5+0.5j
// RUN: tuner-run %t/host.mlir --inputs=%t/in --repeats=1 --save-outputs=%t/out
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --values %t/out/output_0.npy | FileCheck %s --check-prefix=PRODUCT
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --values %t/out/output_1.npy | FileCheck %s --check-prefix=ABS
// RUN: tuner-run %t/host.mlir --reference=%s --repeats=1 | FileCheck %s
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx2:l1=32k:l2=512k:l3=8m --sched-materialize --tuner-lower-cpu -o %t/avx2.mlir
// RUN: tuner-run %t/avx2.mlir --reference=%s --repeats=1 | FileCheck %s
// REMARK: remark: no specialized sketch applies to this op; it gets the schedule of 'cpu.fallback'
// REMARK: cpu.elementwise: needs static tensors of int or float elements
// PRODUCT: [3+1j, 6-2j, -1+0j, -1-1j]
// ABS: [2.23606{{[0-9]*}}, 3.16227{{[0-9]*}}, 1.0, 2.0]
// CHECK: reference: match

#map = affine_map<(d0) -> (d0)>
func.func @cplx(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>)
    -> (tensor<4xcomplex<f32>>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xcomplex<f32>>
  %p = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) outs(%e : tensor<4xcomplex<f32>>) {
  ^bb0(%x: complex<f32>, %y: complex<f32>, %o: complex<f32>):
    %m = complex.mul %x, %y : complex<f32>
    linalg.yield %m : complex<f32>
  } -> tensor<4xcomplex<f32>>
  %f = tensor.empty() : tensor<4xf32>
  %n = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xcomplex<f32>>) outs(%f : tensor<4xf32>) {
  ^bb0(%x: complex<f32>, %o: f32):
    %m = complex.abs %x : complex<f32>
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %p, %n : tensor<4xcomplex<f32>>, tensor<4xf32>
}
