// RUN: tuner-opt %s --sched-materialize | FileCheck %s
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu --mlir-print-ir-after=one-shot-bufferize -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUF

// cpu.contraction_bf16_dot with pack = panels: B's 64 x 128 block (pairs)
// is copied once per K block into 64-wide panels (2 x 64 x 1 x 64 x 2) before
// the register tiles; each 4 x 64 tile's 16 accumulators (one vdpbf16ps
// each per pair) are written back into the tile directly, not into 1 x 16
// slices inserted afterwards (which bufferization copied through a heap
// buffer each, on every register tile): after bufferization, the only
// allocations are the result and the panels.
// CHECK-LABEL: func.func @dot
// CHECK:         scf.forall
// CHECK:           scf.for {{.*}} -> (tensor<2x64x1x64x2xbf16>)
// CHECK:             scf.for {{.*}} -> (tensor<2x64x1x64x2xbf16>)
// CHECK:               tensor.insert_slice {{.*}} : tensor<1x64x2xbf16> into tensor<2x64x1x64x2xbf16>
// CHECK-COUNT-16:    x86vector.avx512.dot
// CHECK-COUNT-16:    vector.transfer_write {{.*}} : vector<1x16xf32>, tensor<4x64xf32>
// CHECK-NOT:         tensor.insert_slice {{.*}} : tensor<1x16xf32> into

// BUF-LABEL:   IR Dump After OneShotBufferizePass
// BUF:         memref.alloc() {{.*}} : memref<64x256xf32>
// BUF:         memref.alloc() {{.*}} : memref<2x64x1x64x2xbf16>
// BUF-NOT:     memref.alloc
#mA = affine_map<(m, n, k, p) -> (m, k, p)>
#mB = affine_map<(m, n, k, p) -> (k, n, p)>
#mC = affine_map<(m, n, k, p) -> (m, n)>
module attributes {sched.target = #sched.target<kind = cpu, arch = "znver5", cores = 2, vector_bits = 512, features = "avx512bf16,avx512bw,avx512f,avx512vl,fma">} {
  func.func @dot(%a: tensor<64x128x2xbf16>, %b: tensor<128x256x2xbf16>) -> tensor<64x256xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
    %r = linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%a, %b : tensor<64x128x2xbf16>, tensor<128x256x2xbf16>) outs(%f : tensor<64x256xf32>) attrs = {sched.config = #sched.config<sketch = "cpu.contraction_bf16_dot", knobs = {k1 = 64, m1 = 32, n1 = 128, pack = "panels", tile = "4x64"}>} {
    ^bb0(%x: bf16, %y: bf16, %o: f32):
      %xe = arith.extf %x : bf16 to f32
      %ye = arith.extf %y : bf16 to f32
      %p = arith.mulf %xe, %ye : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
    } -> tensor<64x256xf32>
    return %r : tensor<64x256xf32>
  }
}
