// oneDNN's matmul primitive on a (batched) M x N x K product, row-major A and
// B as our workloads have them, f32 or bf16 inputs with an f32 result
// (oneDNN picks the weights' layout; the reorder happens once, outside the
// timing, as a library user with constant weights would do). Timed like
// tuner-run: one warm-up call, then `reps` timed calls.
// Prints {"median_s": ..., "min_s": ..., "max_s": ..., "gflops": ...,
// "impl": "..."}; exits 3 when oneDNN has no implementation (bf16 on a CPU
// without it).
//
//   gemm_onednn M N K [batch] [reps] [f32|bf16]
#include "dnnl.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace dnnl;

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s M N K [batch] [reps] [f32|bf16]\n",
                 argv[0]);
    return 2;
  }
  long m = atol(argv[1]), n = atol(argv[2]), k = atol(argv[3]);
  long batch = argc > 4 ? atol(argv[4]) : 1;
  int reps = argc > 5 ? atoi(argv[5]) : 20;
  bool bf16 = argc > 6 && std::strcmp(argv[6], "bf16") == 0;
  auto in = bf16 ? memory::data_type::bf16 : memory::data_type::f32;
  auto f32 = memory::data_type::f32;

  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  memory::dims a = {batch, m, k}, b = {batch, k, n}, c = {batch, m, n};
  auto abc = memory::format_tag::abc;
  memory::desc aMd(a, in, abc), bAny(b, in, memory::format_tag::any),
      bMd(b, in, abc), cMd(c, f32, abc);
  matmul::primitive_desc pd;
  try {
    pd = matmul::primitive_desc(matmul::desc(aMd, bAny, cMd), eng);
  } catch (const error &e) {
    std::fprintf(stderr, "gemm_onednn: no matmul for these types: %s\n",
                 e.what());
    return 3;
  }

  memory aMem(aMd, eng), bPlain(bMd, eng), cMem(cMd, eng);
  // Small integers: exact in bf16, so both types see the same values.
  auto fill = [&](memory &mem, long count, int mod) {
    if (bf16) {
      auto *p = static_cast<uint16_t *>(mem.get_data_handle());
      for (long i = 0; i < count; ++i) {
        float v = float(i % mod) - float(mod / 2);
        uint32_t bits;
        std::memcpy(&bits, &v, 4);
        p[i] = uint16_t(bits >> 16);
      }
    } else {
      auto *p = static_cast<float *>(mem.get_data_handle());
      for (long i = 0; i < count; ++i)
        p[i] = float(i % mod) - float(mod / 2);
    }
  };
  fill(aMem, batch * m * k, 7);
  fill(bPlain, batch * k * n, 5);
  memory bMem = bPlain;
  if (pd.weights_desc() != bMd) {
    bMem = memory(pd.weights_desc(), eng);
    reorder(bPlain, bMem).execute(strm, bPlain, bMem);
  }
  matmul mm(pd);
  std::vector<double> times;
  for (int r = -1; r < reps; ++r) {
    double t0 = now();
    mm.execute(strm, {{DNNL_ARG_SRC, aMem},
                      {DNNL_ARG_WEIGHTS, bMem},
                      {DNNL_ARG_DST, cMem}});
    strm.wait();
    if (r >= 0)
      times.push_back(now() - t0);
  }
  std::sort(times.begin(), times.end());
  double median = reps % 2 ? times[reps / 2]
                           : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
  double flops = 2.0 * batch * m * n * k;
  std::printf("{\"median_s\": %.9f, \"min_s\": %.9f, \"max_s\": %.9f, "
              "\"gflops\": %.3f, \"impl\": \"%s\", \"type\": \"%s\"}\n",
              median, times.front(), times.back(), flops / median / 1e9,
              pd.impl_info_str(), bf16 ? "bf16" : "f32");
  return 0;
}
