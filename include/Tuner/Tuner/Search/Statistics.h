//===- Statistics.h - tests on repeated timings -----------------*- C++ -*-===//
//
// The droplet policy accepts a faster candidate only when the difference of
// its repeated timings is statistically real: a two-sample Student t-test
// (equal variances, two-sided), as scipy.stats.ttest_ind computes it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SEARCH_STATISTICS_H
#define TUNER_TUNER_SEARCH_STATISTICS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace mlir::tuner {

double mean(ArrayRef<double> xs);

/// Two-sided p-value of Student's two-sample t-test with pooled variance.
/// nullopt when either sample has fewer than two values. Two samples
/// without variance give 0 when their means differ and 1 otherwise.
std::optional<double> studentTTest(ArrayRef<double> a, ArrayRef<double> b);

/// The CDF of Student's t distribution with `dof` degrees of freedom.
double studentTCDF(double t, double dof);

} // namespace mlir::tuner

#endif // TUNER_TUNER_SEARCH_STATISTICS_H
