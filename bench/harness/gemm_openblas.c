// OpenBLAS sgemm on a (batched) M x N x K product, row-major, timed like
// tuner-run: one warm-up call, then `reps` timed calls.
// Prints {"median_s": ..., "min_s": ..., "max_s": ..., "gflops": ...}.
//
//   gemm_openblas M N K [batch] [reps]
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s M N K [batch] [reps]\n", argv[0]);
    return 2;
  }
  long m = atol(argv[1]), n = atol(argv[2]), k = atol(argv[3]);
  long batch = argc > 4 ? atol(argv[4]) : 1;
  int reps = argc > 5 ? atoi(argv[5]) : 20;
  float *a = aligned_alloc(64, sizeof(float) * batch * m * k + 64);
  float *b = aligned_alloc(64, sizeof(float) * batch * k * n + 64);
  float *c = aligned_alloc(64, sizeof(float) * batch * m * n + 64);
  for (long i = 0; i < batch * m * k; i++)
    a[i] = (float)(i % 7) - 3;
  for (long i = 0; i < batch * k * n; i++)
    b[i] = (float)(i % 5) - 2;
  double *times = malloc(sizeof(double) * reps);
  for (int r = -1; r < reps; r++) {
    double t0 = now();
    for (long i = 0; i < batch; i++)
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.f,
                  a + i * m * k, k, b + i * k * n, n, 0.f, c + i * m * n, n);
    if (r >= 0)
      times[r] = now() - t0;
  }
  qsort(times, reps, sizeof(double), cmp);
  double median = reps % 2 ? times[reps / 2]
                           : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
  double flops = 2.0 * batch * m * n * k;
  printf("{\"median_s\": %.9f, \"min_s\": %.9f, \"max_s\": %.9f, "
         "\"gflops\": %.3f, \"core\": \"%s\"}\n",
         median, times[0], times[reps - 1], flops / median / 1e9,
         openblas_get_corename());
  return 0;
}
