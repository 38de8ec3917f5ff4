//===- Median.h - the median of timings -------------------------*- C++ -*-===//
//
// The one definition of the median every part of the tuner uses (database
// records, policies, the measurer, the report). Header-only, depends on
// LLVM's ADT only, so that every layer may include it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_SUPPORT_MEDIAN_H
#define TUNER_SUPPORT_MEDIAN_H

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace mlir::tuner {

/// The median of `values`: the middle value, or the mean of the two middle
/// values for an even count. An empty list (a failed measurement has no
/// timings) gives +infinity: it orders after every real time, so it is never
/// a best, and comparisons with it stay well defined (NaN would make every
/// `<` false and poison min/max).
inline double median(llvm::ArrayRef<double> values) {
  if (values.empty())
    return std::numeric_limits<double>::infinity();
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

} // namespace mlir::tuner

#endif // TUNER_SUPPORT_MEDIAN_H
