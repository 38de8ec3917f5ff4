// An argmax whose running maximum is not returned (TOSA's argmax), its 3
// rows in tiles of 2 by gpu.fallback (a point of the search space, not the
// default): each thread's partial tile of the maximum, a slice of a
// workgroup buffer, is copied into private memory of the tile's bound (it
// was a dynamically sized workgroup allocation, which no launch can have).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @argmax(%x: tensor<3x17xf32>) -> tensor<3xi64> {
    %c0 = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %e0 = tensor.empty() : tensor<3xi64>
    %i0 = linalg.fill ins(%c0 : i64) outs(%e0 : tensor<3xi64>) -> tensor<3xi64>
    %e1 = tensor.empty() : tensor<3xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<3x17xf32>) outs(%i0, %m0 : tensor<3xi64>, tensor<3xf32>) attrs = {sched.config = #sched.config<sketch = "gpu.fallback", knobs = {b0 = 2}>} {
    ^bb0(%in: f32, %out: i64, %max: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i64
      %gt = arith.cmpf ugt, %in, %max : f32
      %ord = arith.cmpf ord, %max, %max : f32
      %take = arith.andi %gt, %ord : i1
      %m = arith.select %take, %in, %max : f32
      %i = arith.select %take, %ji, %out : i64
      linalg.yield %i, %m : i64, f32
    } -> (tensor<3xi64>, tensor<3xf32>)
    return %r#0 : tensor<3xi64>
  }
}
