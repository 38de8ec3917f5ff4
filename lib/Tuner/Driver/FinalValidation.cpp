//===- FinalValidation.cpp - re-time the winners before writing one -------===//
//
// A search compares candidates measured minutes apart, on a machine whose
// speed drifts: the best median may owe its place to a quiet moment. So,
// at the end, each task's best few distinct valid candidates (by search
// median) and its default config are re-timed together, interleaved
// (A B C D A B C D ...) over `final-validation-rounds` rounds of `repeats`
// repeats each, every candidate's outputs checked again in its first round;
// the fastest re-timed median wins. The default is one of the contenders,
// so the config written is never one that re-timed slower than the default.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Internal.h"

#include "Tuner/Support/Median.h"

#include "mlir/IR/Diagnostics.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// The contenders of `t`: its `n` fastest distinct valid measurements, then
/// its default (when it was measured validly and is not among them).
std::vector<std::pair<const MeasuredCandidate *, unsigned>>
pickContenders(const TaskState &t, unsigned n) {
  std::vector<std::pair<const MeasuredCandidate *, unsigned>> picked;
  llvm::StringSet<> keys;
  const MeasuredCandidate *defaultMeasured = nullptr;
  unsigned rank = 0;
  for (const MeasuredCandidate *m : getFastestValid(t.history)) {
    std::string key = t.space->getKey(m->candidate);
    if (!keys.insert(key).second)
      continue;
    if (m->candidate == t.defaultCandidate && !defaultMeasured)
      defaultMeasured = m;
    if (picked.size() < n)
      picked.push_back({m, rank});
    else if (defaultMeasured)
      break;
    ++rank;
  }
  if (defaultMeasured && llvm::none_of(picked, [&](auto &p) {
        return p.first == defaultMeasured;
      }))
    picked.push_back({defaultMeasured, rank});
  return picked;
}

/// Re-times the contenders of `t` and makes the fastest its config.
void validateTask(TuningState &state, TaskState &t) {
  const TuningOptions &o = state.options;
  auto contenders = pickContenders(t, o.finalValidation.candidates);
  // Nothing to choose between.
  if (contenders.size() < 2)
    return;
  MLIRContext *ctx = state.getContext();
  std::vector<MeasureInput> inputs;
  TaskReport &r = t.report;
  for (auto [m, rank] : contenders) {
    ValidatedCandidate v;
    sched::ConfigAttr config = t.space->toConfig(ctx, m->candidate);
    v.config = tuner::detail::printAttr(config);
    v.searchSeconds = m->median();
    v.isDefault = m->candidate == t.defaultCandidate;
    v.searchRank = rank;
    r.validated.push_back(v);
    inputs.push_back({config});
  }
  TimingOptions timing;
  timing.repeats = o.measure.repeats;
  timing.minRepeatMs = o.measure.minRepeatMs;
  state.measurer->retime(
      t.measureTask, inputs, o.finalValidation.rounds, timing, o.measure.verify,
      [&](size_t i, MeasureOutput out) {
        state.report.buildSeconds += out.buildSeconds;
        state.report.runSeconds += out.runSeconds;
        if (out.error == MeasureError::None)
          r.validated[i].retimedSeconds = median(out.seconds);
        else
          emitWarning(state.loc)
              << "tuner-tune: final validation of task '" << r.name
              << "': " << r.validated[i].config << " failed ("
              << stringifyMeasureError(out.error) << ": " << out.message
              << "); it is not chosen";
      },
      [&](StringRef message) { emitWarning(state.loc) << message; });

  // The fastest re-timed contender; ties go to the earlier (search order).
  int chosen = -1;
  for (auto [i, v] : llvm::enumerate(r.validated))
    if (std::isfinite(v.retimedSeconds) &&
        (chosen < 0 || v.retimedSeconds < r.validated[chosen].retimedSeconds))
      chosen = i;
  if (chosen < 0) {
    emitWarning(state.loc) << "tuner-tune: final validation of task '" << r.name
                           << "': no candidate could be re-timed; keeping "
                              "the search's best";
    return;
  }
  r.chosen = chosen;
  const MeasuredCandidate *winner = contenders[chosen].first;
  sched::ConfigAttr config = t.space->toConfig(ctx, winner->candidate);
  r.validationChangedWinner = config != t.bestConfig;
  t.bestConfig = config;
}
} // namespace

void mlir::tuner::validateWinners(TuningState &state) {
  const TuningOptions &o = state.options;
  if (o.finalValidation.candidates == 0)
    return;
  TuningReport &report = state.report;
  report.validationCandidates = o.finalValidation.candidates;
  report.validationRounds = o.finalValidation.rounds;
  report.validationRepeats = o.measure.repeats;
  for (auto &t : state.tasks)
    validateTask(state, *t);
}
