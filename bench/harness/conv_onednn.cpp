// oneDNN forward convolution (NHWC input shape, regular or depthwise), with
// the memory formats oneDNN prefers (format_tag::any; reorders of the inputs
// happen once, outside the timing), timed like tuner-run.
// Prints {"median_s": ..., "min_s": ..., "max_s": ..., "gflops": ...}.
//
//   conv_onednn N H W C KH KW F stride depthwise(0|1) [reps]
#include "dnnl.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace dnnl;

int main(int argc, char **argv) {
  if (argc < 10) {
    std::fprintf(stderr, "usage: %s N H W C KH KW F stride depthwise [reps]\n",
                 argv[0]);
    return 2;
  }
  long n = atol(argv[1]), h = atol(argv[2]), w = atol(argv[3]),
       c = atol(argv[4]), kh = atol(argv[5]), kw = atol(argv[6]),
       f = atol(argv[7]), s = atol(argv[8]);
  bool depthwise = atoi(argv[9]) != 0;
  int reps = argc > 10 ? atoi(argv[10]) : 20;
  if (depthwise)
    f = c;
  long oh = (h - kh) / s + 1, ow = (w - kw) / s + 1;

  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  memory::dims src = {n, c, h, w}, dst = {n, f, oh, ow}, strides = {s, s},
               pad = {0, 0};
  memory::dims wei = depthwise ? memory::dims{c, 1, 1, kh, kw}
                               : memory::dims{f, c, kh, kw};
  auto any = memory::format_tag::any;
  auto f32 = memory::data_type::f32;
  memory::desc srcMd(src, f32, any), weiMd(wei, f32, any), dstMd(dst, f32, any);
  // oneDNN 2.x (Debian 12): an op descriptor, then the primitive descriptor.
  convolution_forward::desc desc(prop_kind::forward_inference,
                                 algorithm::convolution_direct, srcMd, weiMd,
                                 dstMd, strides, pad, pad);
  convolution_forward::primitive_desc pd(desc, eng);
  memory srcMem(pd.src_desc(), eng), weiMem(pd.weights_desc(), eng),
      dstMem(pd.dst_desc(), eng);
  auto fill = [](memory &m) {
    float *p = static_cast<float *>(m.get_data_handle());
    size_t count = m.get_desc().get_size() / sizeof(float);
    for (size_t i = 0; i < count; ++i)
      p[i] = float(i % 7) - 3;
  };
  fill(srcMem);
  fill(weiMem);
  convolution_forward conv(pd);
  std::vector<double> times;
  for (int r = -1; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    conv.execute(strm, {{DNNL_ARG_SRC, srcMem},
                        {DNNL_ARG_WEIGHTS, weiMem},
                        {DNNL_ARG_DST, dstMem}});
    strm.wait();
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (r >= 0)
      times.push_back(t);
  }
  std::sort(times.begin(), times.end());
  double median = reps % 2 ? times[reps / 2]
                           : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
  double flops = 2.0 * n * f * oh * ow * kh * kw * (depthwise ? 1 : c);
  std::printf("{\"median_s\": %.9f, \"min_s\": %.9f, \"max_s\": %.9f, "
              "\"gflops\": %.3f, \"impl\": \"%s\"}\n",
              median, times.front(), times.back(), flops / median / 1e9,
              pd.impl_info_str());
  return 0;
}
