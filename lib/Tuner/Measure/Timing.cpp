//===- Timing.cpp - repeated timing of a kernel ---------------------------===//

#include "Tuner/Tuner/Measure/Timing.h"

#include "Tuner/Support/Median.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

using namespace mlir::tuner;

double Timings::median() const { return tuner::median(seconds); }

double Timings::min() const {
  return seconds.empty() ? 0 : *std::min_element(seconds.begin(), seconds.end());
}

double Timings::max() const {
  return seconds.empty() ? 0 : *std::max_element(seconds.begin(), seconds.end());
}

double Timings::mean() const {
  if (seconds.empty())
    return 0;
  return std::accumulate(seconds.begin(), seconds.end(), 0.0) / seconds.size();
}

double Timings::stddev() const {
  if (seconds.size() < 2)
    return 0;
  double m = mean(), sum = 0;
  for (double s : seconds)
    sum += (s - m) * (s - m);
  return std::sqrt(sum / (seconds.size() - 1));
}

Timings mlir::tuner::timeCalls(const std::function<void()> &call,
                               const TimingOptions &options) {
  using Clock = std::chrono::steady_clock;
  auto elapsed = [](Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  for (unsigned i = 0; i < options.warmup; ++i)
    call();

  // Calls per repeat: grow until one repeat lasts min-repeat-ms.
  Timings timings;
  unsigned calls = 1;
  double minSeconds = options.minRepeatMs / 1000.0;
  if (minSeconds > 0) {
    while (true) {
      auto start = Clock::now();
      for (unsigned i = 0; i < calls; ++i)
        call();
      double t = elapsed(start);
      if (t >= minSeconds || calls >= (1u << 24))
        break;
      double scale = t > 0 ? std::min(10.0, 1.2 * minSeconds / t) : 10.0;
      calls = std::max(calls + 1, static_cast<unsigned>(calls * scale));
    }
  }
  timings.callsPerRepeat = calls;
  for (unsigned r = 0; r < std::max(1u, options.repeats); ++r) {
    auto start = Clock::now();
    for (unsigned i = 0; i < calls; ++i)
      call();
    timings.seconds.push_back(elapsed(start) / calls);
  }
  return timings;
}

void mlir::tuner::requestAMXPermission() {
#if defined(__x86_64__) && defined(__linux__)
  // ARCH_REQ_XCOMP_PERM (0x1023) for XFEATURE_XTILEDATA (18): without it, the
  // first AMX instruction of the process traps. Fails harmlessly on CPUs or
  // kernels without AMX.
  (void)syscall(SYS_arch_prctl, 0x1023, 18);
#endif
}

void mlir::tuner::keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
  // Blocks up to 1 GiB come from the heap, and the heap is never trimmed.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, -1);
#endif
}
