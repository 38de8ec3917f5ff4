//===- ExitStatus.h - an exit status for a run whose output was written ---===//
//
// Some outcomes must not cost the user the output (-o) and must still not
// exit 0: a tuning run that found no checked config for any task, or whose
// records could not be saved. The pass writes its output as usual and
// records the status here; the tool's main() (tuner-opt) returns it once the
// output is written. Library users read it the same way.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_SUPPORT_EXITSTATUS_H
#define TUNER_SUPPORT_EXITSTATUS_H

#include <atomic>

namespace mlir::tuner {

/// The exit status of a tuning run whose output was written but which
/// tuned nothing (no task got a checked config) or lost records.
constexpr int kIncompleteTuningExitStatus = 2;

namespace detail {
inline std::atomic<int> &getDeferredExitStatusStorage() {
  static std::atomic<int> status{0};
  return status;
}
} // namespace detail

/// Records that the process should exit with `status` once its output is
/// written (the largest status recorded wins).
inline void setDeferredExitStatus(int status) {
  std::atomic<int> &s = detail::getDeferredExitStatusStorage();
  int current = s.load();
  while (current < status && !s.compare_exchange_weak(current, status)) {
  }
}

/// The status recorded by setDeferredExitStatus (0: none).
inline int getDeferredExitStatus() {
  return detail::getDeferredExitStatusStorage().load();
}

} // namespace mlir::tuner

#endif // TUNER_SUPPORT_EXITSTATUS_H
