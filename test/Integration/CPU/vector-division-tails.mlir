// Integer divisions vectorized with a masked tail: the lanes past the end
// read the padding 0, and x86-64 divides vectors lane by lane with idiv,
// which faults on a zero divisor. torch-mlir's fmod of 100 i32 elements
// (divisors 1 to 100, none zero) crashed the process with 32-lane vectors
// over tiles of 50; tuner-guard-vector-divisions keeps zero out of the
// padding lanes. On the host and on an AVX2 target, against the reference.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --write %t/in/input_0.npy '<i4' 100, -40..60
// RUN: %PYTHON %S/../../Tools/tuner-run/Inputs/npy_info.py --write %t/in/input_1.npy '<i4' 100, 1..101
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu -o %t/host.mlir
// RUN: tuner-run %t/host.mlir --inputs=%t/in --reference=%s --repeats=1 | FileCheck %s
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx2:l1=32k:l2=512k:l3=8m --sched-materialize --tuner-lower-cpu -o %t/avx2.mlir
// RUN: tuner-run %t/avx2.mlir --inputs=%t/in --reference=%s --repeats=1 | FileCheck %s
// CHECK: reference: match

#map = affine_map<(d0) -> (d0)>
func.func @fmod(%a: tensor<100xi32>, %b: tensor<100xi32>) -> tensor<100xi32> {
  %e = tensor.empty() : tensor<100xi32>
  %q = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : tensor<100xi32>, tensor<100xi32>) outs(%e : tensor<100xi32>) attrs = {sched.config = #sched.config<sketch = "cpu.elementwise", knobs = {p = 50, vw = 32}>} {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %d = arith.divsi %x, %y : i32
    %m = arith.muli %d, %y : i32
    %r = arith.subi %x, %m : i32
    linalg.yield %r : i32
  } -> tensor<100xi32>
  return %q : tensor<100xi32>
}
