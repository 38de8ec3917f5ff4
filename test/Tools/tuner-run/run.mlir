// RUN: tuner-run %s --repeats=3 --json | FileCheck %s --check-prefix=JSON
// RUN: tuner-run %s --repeats=2 | FileCheck %s --check-prefix=TEXT
// An explicit entry and min-repeat-ms: several calls per repeat.
// RUN: tuner-run %s --entry=mm --repeats=2 --min-repeat-ms=5 --json | FileCheck %s --check-prefix=CALLS

// JSON: {"calls_per_repeat":1,"compile_s":{{.*}},"entry":"mm","flops":65536,"gflops":{{.*}},"match":null,"max_s":{{.*}},"mean_s":{{.*}},"median_s":{{.*}},"min_s":{{.*}},"repeats":3,"stddev_s":{{.*}},"times_s":[{{.*}},{{.*}},{{.*}}]}
// TEXT: mm: median {{[0-9.]+}} ms (min {{[0-9.]+}}, max {{[0-9.]+}}, spread {{[0-9.]+}}%, 2 repeats x 1 calls)
// TEXT-NEXT: {{[0-9.]+}} GFLOP/s (0.0001 GFLOP per call)
// CALLS: "calls_per_repeat":{{[1-9][0-9]+}}
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
