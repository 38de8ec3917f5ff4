// cpu.contraction_padded on the blocked bf16 form with k2 = 2: the register
// tile vectorizes the (k, p) reduction into a vector.multi_reduction (no
// vector.contract), which convert-vector-to-llvm cannot lower; the JIT
// failed on it ("LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast"), costing the LLaMA MLP's tuning 15
// of 192 candidates. tuner-lower-cpu lowers such reductions first; the
// kernel computes what the untransformed program computes.
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: FileCheck %s --input-file=%t.ll.mlir
// RUN: %if host-avx512f %{ tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC %}
// CHECK-NOT: unrealized_conversion_cast
// CHECK:     llvm.func @mm
// EXEC:      reference: match
#mA = affine_map<(m, nb, n, k, p) -> (m, k, p)>
#mB = affine_map<(m, nb, n, k, p) -> (nb, k, n, p)>
#mC = affine_map<(m, nb, n, k, p) -> (m, nb, n)>
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64", cores = 2, vector_bits = 512, features = "avx512f,fma">} {
  func.func @mm(%a: tensor<8x16x2xbf16>, %b: tensor<3x16x16x2xbf16>) -> tensor<8x3x16xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x3x16xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x3x16xf32>) -> tensor<8x3x16xf32>
    %r = linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%a, %b : tensor<8x16x2xbf16>, tensor<3x16x16x2xbf16>) outs(%f : tensor<8x3x16xf32>) attrs = {sched.config = #sched.config<sketch = "cpu.contraction_padded", knobs = {k1 = 8, k2 = 2, m1 = 8, m2 = 1, n1 = 16, n2 = 16, pad = "block", unroll = 1}>} {
    ^bb0(%x: bf16, %y: bf16, %o: f32):
      %xe = arith.extf %x : bf16 to f32
      %ye = arith.extf %y : bf16 to f32
      %p = arith.mulf %xe, %ye : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
    } -> tensor<8x3x16xf32>
    return %r : tensor<8x3x16xf32>
  }
}
