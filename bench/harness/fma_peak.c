// Arithmetic peak micro-benchmark: per thread, 12 independent chains of
// fused multiply-adds on the widest vectors the CPU has (AVX-512, else AVX2),
// and, where the CPU has AVX512-BF16, 12 chains of vdpbf16ps (bf16 pairs
// into f32: 64 flops per instruction).
//
//   fma_peak [threads]
//
// Each thread is pinned to its own physical core (the first logical CPU of
// each core this process may run on), all threads start together after a
// barrier, and each runs for at least kMinSeconds; the total is the sum of
// the threads' own rates. An unpinned OpenMP team did not overlap its
// threads and reported one core's peak for two. Prints one JSON object:
//   {"gflops": X, "per_thread": [...], "bf16_gflops": Y|null, "isa": ...,
//    "threads": N, "cpus": [...]}
#define _GNU_SOURCE
#include <immintrin.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const double kMinSeconds = 0.5;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// Each kernel runs `iters` steps of 12 independent instructions and returns
// a value that depends on all of them (so nothing is optimized away).
__attribute__((target("avx512f"))) static float fma512(long iters) {
  __m512 a[12];
  __m512 b = _mm512_set1_ps(1.0000001f), c = _mm512_set1_ps(1e-8f);
  for (int i = 0; i < 12; i++)
    a[i] = _mm512_set1_ps((float)i);
  for (long it = 0; it < iters; it++) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; i++)
      a[i] = _mm512_fmadd_ps(a[i], b, c);
  }
  __m512 s = a[0];
  for (int i = 1; i < 12; i++)
    s = _mm512_add_ps(s, a[i]);
  return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) static float fma256(long iters) {
  __m256 a[12];
  __m256 b = _mm256_set1_ps(1.0000001f), c = _mm256_set1_ps(1e-8f);
  for (int i = 0; i < 12; i++)
    a[i] = _mm256_set1_ps((float)i);
  for (long it = 0; it < iters; it++) {
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

__attribute__((target("avx512f,avx512bf16"))) static float dpbf16(long iters) {
  __m512 a[12];
  __m512bh x = (__m512bh)_mm512_set1_epi16(0x3f80); // bf16 1.0
  __m512bh y = (__m512bh)_mm512_set1_epi16(0x3280); // bf16 ~1.5e-8
  for (int i = 0; i < 12; i++)
    a[i] = _mm512_set1_ps((float)i);
  for (long it = 0; it < iters; it++) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; i++)
      a[i] = _mm512_dpbf16_ps(a[i], x, y);
  }
  __m512 s = a[0];
  for (int i = 1; i < 12; i++)
    s = _mm512_add_ps(s, a[i]);
  return _mm512_reduce_add_ps(s);
}

typedef float (*Kernel)(long);

struct Worker {
  pthread_t thread;
  int cpu;
  Kernel kernel;
  long iters;
  double seconds;
  float sink;
};

static pthread_barrier_t barrier;

static void *work(void *arg) {
  struct Worker *w = arg;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(w->cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
  w->kernel(1000); // warm up on the pinned core
  pthread_barrier_wait(&barrier);
  double t0 = now();
  w->sink = w->kernel(w->iters);
  w->seconds = now() - t0;
  return NULL;
}

// The first logical CPU of each physical core this process may use.
static int physicalCores(int *cpus, int max) {
  cpu_set_t allowed;
  sched_getaffinity(0, sizeof(allowed), &allowed);
  int n = 0;
  char seen[4096] = {0};
  for (int cpu = 0; cpu < CPU_SETSIZE && n < max; cpu++) {
    if (!CPU_ISSET(cpu, &allowed))
      continue;
    char path[128];
    int core = cpu, package = 0;
    snprintf(path, sizeof(path),
             "/sys/devices/system/cpu/cpu%d/topology/core_id", cpu);
    FILE *f = fopen(path, "r");
    if (f) {
      if (fscanf(f, "%d", &core) != 1)
        core = cpu;
      fclose(f);
    }
    snprintf(path, sizeof(path),
             "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
    f = fopen(path, "r");
    if (f) {
      if (fscanf(f, "%d", &package) != 1)
        package = 0;
      fclose(f);
    }
    int key = (package * 1024 + core) % (int)sizeof(seen);
    if (seen[key])
      continue;
    seen[key] = 1;
    cpus[n++] = cpu;
  }
  return n;
}

// Runs `kernel` on `threads` pinned threads; returns the summed GFLOP/s and
// fills per-thread rates. `flopsPerIter` counts one step of all 12 chains.
static double measure(Kernel kernel, double flopsPerIter, int threads,
                      const int *cpus, double *perThread) {
  // Calibrate the iteration count on one thread to last kMinSeconds.
  long iters = 1000000;
  for (;;) {
    double t0 = now();
    kernel(iters);
    double t = now() - t0;
    if (t > 0.05) {
      iters = (long)(iters * kMinSeconds / t) + 1;
      break;
    }
    iters *= 4;
  }
  double best = 0;
  struct Worker workers[256];
  for (int rep = 0; rep < 3; rep++) {
    pthread_barrier_init(&barrier, NULL, threads);
    for (int i = 0; i < threads; i++) {
      workers[i] = (struct Worker){.cpu = cpus[i], .kernel = kernel,
                                   .iters = iters};
      pthread_create(&workers[i].thread, NULL, work, &workers[i]);
    }
    double total = 0;
    for (int i = 0; i < threads; i++) {
      pthread_join(workers[i].thread, NULL);
      double rate = flopsPerIter * iters / workers[i].seconds / 1e9;
      total += rate;
      if (workers[i].sink == 12345.f)
        printf("#");
    }
    pthread_barrier_destroy(&barrier);
    if (total > best) {
      best = total;
      for (int i = 0; i < threads; i++)
        perThread[i] = flopsPerIter * iters / workers[i].seconds / 1e9;
    }
  }
  return best;
}

int main(int argc, char **argv) {
  int requested = argc > 1 ? atoi(argv[1]) : 1;
  int cpus[256];
  int cores = physicalCores(cpus, 256);
  int threads = requested < 1 ? 1 : requested;
  if (threads > cores) {
    fprintf(stderr, "fma_peak: %d threads asked, %d physical cores usable: "
                    "using %d\n", threads, cores, cores);
    threads = cores;
  }
  int wide = __builtin_cpu_supports("avx512f");
  int lanes = wide ? 16 : 8;
  double perThread[256], bf16PerThread[256];
  double gflops = measure(wide ? fma512 : fma256, 12.0 * lanes * 2, threads,
                          cpus, perThread);
  int bf16 = wide && __builtin_cpu_supports("avx512bf16");
  double bf16Gflops = 0;
  if (bf16)
    bf16Gflops = measure(dpbf16, 12.0 * 16 * 2 * 2, threads, cpus,
                         bf16PerThread);

  printf("{\"gflops\": %.2f, \"per_thread\": [", gflops);
  for (int i = 0; i < threads; i++)
    printf("%s%.2f", i ? ", " : "", perThread[i]);
  if (bf16)
    printf("], \"bf16_gflops\": %.2f, \"bf16_per_thread\": [", bf16Gflops);
  else
    printf("], \"bf16_gflops\": null, \"bf16_per_thread\": [");
  for (int i = 0; bf16 && i < threads; i++)
    printf("%s%.2f", i ? ", " : "", bf16PerThread[i]);
  printf("], \"isa\": \"%s\", \"threads\": %d, \"cpus\": [",
         wide ? "avx512" : "avx2", threads);
  for (int i = 0; i < threads; i++)
    printf("%s%d", i ? ", " : "", cpus[i]);
  printf("]}\n");
  return 0;
}
