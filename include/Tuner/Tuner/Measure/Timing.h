//===- Timing.h - repeated timing of a kernel -------------------*- C++ -*-===//

#ifndef TUNER_TUNER_MEASURE_TIMING_H
#define TUNER_TUNER_MEASURE_TIMING_H

#include <functional>
#include <vector>

namespace mlir::tuner {

/// How to time a kernel (Ansor's runner settings, see algorithms.md 1.12).
struct TimingOptions {
  /// Untimed calls first (cold caches, lazy binding, page faults).
  unsigned warmup = 1;
  /// Timed repeats; each repeat's time is one entry of Timings::seconds.
  unsigned repeats = 10;
  /// A repeat makes as many calls as needed to last at least this long and
  /// reports the time per call.
  double minRepeatMs = 0;
};

/// Every repeat's time per call, in seconds.
struct Timings {
  std::vector<double> seconds;
  /// Calls averaged in each repeat.
  unsigned callsPerRepeat = 1;

  /// Median (Tuner/Support/Median.h; +infinity without repeats).
  double median() const;
  double min() const;
  double max() const;
  double mean() const;
  /// Sample standard deviation (0 with fewer than 2 repeats).
  double stddev() const;
};

/// Times `call` as `options` say.
Timings timeCalls(const std::function<void()> &call,
                  const TimingOptions &options);

/// Makes this process's malloc keep freed memory for reuse instead of
/// returning large blocks to the system: compiled programs allocate their
/// intermediate tensors on every call, and without this each call would
/// page-fault in (and zero) megabytes of fresh memory, which is the cost of
/// the allocator under measurement, not of the schedule. A serving runtime
/// (IREE's caching allocator) reuses its buffers the same way. Called by
/// tuner-run and the runner workers before anything is timed.
void keepFreedMemoryForReuse();

/// Asks Linux for the AMX tile state (ARCH_REQ_XCOMP_PERM), which a process
/// needs before its first AMX instruction; nothing where there is no AMX.
/// Called by tuner-run and the workers at start.
void requestAMXPermission();

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_TIMING_H
