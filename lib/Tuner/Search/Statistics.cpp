//===- Statistics.cpp - tests on repeated timings -------------------------===//
//
// Student's t CDF through the regularized incomplete beta function,
// evaluated with Lentz's continued fraction (as in Numerical Recipes §6.4).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/Statistics.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tuner;

double mlir::tuner::mean(ArrayRef<double> xs) {
  if (xs.empty())
    return std::numeric_limits<double>::quiet_NaN();
  double sum = 0;
  for (double x : xs)
    sum += x;
  return sum / xs.size();
}

/// Continued fraction of the incomplete beta function.
static double betaContinuedFraction(double a, double b, double x) {
  constexpr int kMaxIterations = 300;
  constexpr double kEpsilon = 1e-15, kTiny = 1e-300;
  double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap;
  if (std::fabs(d) < kTiny)
    d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= kMaxIterations; ++m) {
    int m2 = 2 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny)
      d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny)
      c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny)
      d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny)
      c = kTiny;
    d = 1 / d;
    double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEpsilon)
      break;
  }
  return h;
}

/// The regularized incomplete beta function I_x(a, b).
static double incompleteBeta(double a, double b, double x) {
  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  double lnFront = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                   a * std::log(x) + b * std::log1p(-x);
  double front = std::exp(lnFront);
  if (x < (a + 1) / (a + b + 2))
    return front * betaContinuedFraction(a, b, x) / a;
  return 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
}

double mlir::tuner::studentTCDF(double t, double dof) {
  double x = dof / (dof + t * t);
  double tail = 0.5 * incompleteBeta(dof / 2, 0.5, x);
  return t >= 0 ? 1 - tail : tail;
}

std::optional<double> mlir::tuner::studentTTest(ArrayRef<double> a,
                                                ArrayRef<double> b) {
  size_t na = a.size(), nb = b.size();
  if (na < 2 || nb < 2)
    return std::nullopt;
  double ma = mean(a), mb = mean(b);
  double ssa = 0, ssb = 0;
  for (double x : a)
    ssa += (x - ma) * (x - ma);
  for (double x : b)
    ssb += (x - mb) * (x - mb);
  double dof = double(na + nb - 2);
  double pooled = (ssa + ssb) / dof;
  double se = std::sqrt(pooled * (1.0 / na + 1.0 / nb));
  if (se == 0)
    return ma == mb ? 1.0 : 0.0;
  double t = (ma - mb) / se;
  return 2 * (1 - studentTCDF(std::fabs(t), dof));
}
