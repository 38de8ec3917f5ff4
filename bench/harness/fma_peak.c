// FMA throughput micro-benchmark: 12 independent chains of fused
// multiply-adds on the widest vectors the CPU has (AVX-512, else AVX2).
// Prints {"gflops": X, "isa": "..."} for the given number of threads.
//
//   fma_peak [threads]
#include <immintrin.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

#define ITERS 20000000L

__attribute__((target("avx512f"))) static float run512(void) {
  __m512 a[12];
  __m512 b = _mm512_set1_ps(1.0000001f), c = _mm512_set1_ps(1e-8f);
  for (int i = 0; i < 12; i++)
    a[i] = _mm512_set1_ps((float)i);
  for (long it = 0; it < ITERS; it++) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; i++)
      a[i] = _mm512_fmadd_ps(a[i], b, c);
  }
  __m512 s = a[0];
  for (int i = 1; i < 12; i++)
    s = _mm512_add_ps(s, a[i]);
  return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) static float run256(void) {
  __m256 a[12];
  __m256 b = _mm256_set1_ps(1.0000001f), c = _mm256_set1_ps(1e-8f);
  for (int i = 0; i < 12; i++)
    a[i] = _mm256_set1_ps((float)i);
  for (long it = 0; it < ITERS; it++) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; i++)
      a[i] = _mm256_fmadd_ps(a[i], b, c);
  }
  float r[8];
  __m256 s = a[0];
  for (int i = 1; i < 12; i++)
    s = _mm256_add_ps(s, a[i]);
  _mm256_storeu_ps(r, s);
  return r[0];
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  int wide = __builtin_cpu_supports("avx512f");
  int lanes = wide ? 16 : 8;
  double best = 0;
  for (int rep = 0; rep < 3; rep++) {
    double t0 = now();
    float sink = 0;
#pragma omp parallel num_threads(threads) reduction(+ : sink)
    sink += wide ? run512() : run256();
    double t1 = now();
    double flops = (double)threads * ITERS * 12 * lanes * 2;
    double g = flops / (t1 - t0) / 1e9;
    if (g > best)
      best = g;
    if (sink == 12345.f)
      printf("#");
  }
  printf("{\"gflops\": %.2f, \"isa\": \"%s\", \"threads\": %d}\n", best,
         wide ? "avx512" : "avx2", threads);
  return 0;
}
