//===- TuningLoop.cpp - the rounds of a tuning run ------------------------===//
//
// The loop of MetaSchedule's shape: the task scheduler picks a task, the
// task's policy proposes a batch (after the default config and the transfer
// seeds), the measurer measures it, and the measure callbacks do the rest
// (records, cost model, progress). Then the drift check.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Tuner/Support/Median.h"
#include "Tuner/Tuner/CostModel/Features.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// Times a policy is asked again, when its proposal brings nothing new,
/// before the driver samples unmeasured candidates itself.
constexpr unsigned kProposalRetries = 3;

/// Updates the task's counters and best with a counted result.
void countResult(TuningState &state, TaskState &t, const MeasureResult &m) {
  TaskReport &r = t.report;
  ++r.trials;
  ++state.used;
  r.trace.push_back({state.elapsed(), m.median});
  if (!m.isValid()) {
    ++r.errors;
    ++state.errors;
    r.wrongAnswers += m.output.error == MeasureError::WrongAnswer;
    return;
  }
  if (m.candidate == t.defaultCandidate)
    r.defaultSeconds = m.median;
  if (t.transferKeys.contains(t.space->getKey(m.candidate)))
    r.transferSeconds = std::min(r.transferSeconds, m.median);
  // Only a checked candidate can become the best (unless the task's
  // reference could not be built: then none is checked).
  bool trusted = m.output.verified || !state.options.measure.verify ||
                 t.measureTask.referenceFailed;
  if (m.median < r.bestSeconds && trusted) {
    r.bestSeconds = m.median;
    t.bestConfig = m.config;
  }
}

/// Candidates for the next round of `t`: the default first (the baseline),
/// then the transfer seeds, then the default's categorical neighbours
/// (default-neighbours), then what the policy proposes. A policy whose
/// proposals bring nothing new is asked again; then the driver draws
/// unmeasured valid candidates itself with fresh randomness, so that a
/// policy stuck on measured points (a resumed random policy replaying its
/// seed) does not end the task while its space has more.
std::vector<Candidate> proposeBatch(TuningState &state, TaskState &t,
                                    unsigned budget) {
  std::vector<Candidate> batch;
  auto add = [&](const Candidate &c) {
    if (batch.size() < budget && t.measured.insert(t.space->getKey(c)).second)
      batch.push_back(c);
  };
  if (t.space->isValid(t.defaultCandidate))
    add(t.defaultCandidate);
  for (const Candidate &seed : t.transferSeeds)
    add(seed);
  for (const Candidate &neighbour : t.defaultNeighbours)
    add(neighbour);
  bool stuck = false;
  for (unsigned attempt = 0; batch.size() < budget; ++attempt) {
    size_t before = batch.size();
    std::vector<Candidate> proposal = t.policy->propose(budget - batch.size());
    // A policy that proposes nothing has nothing more to try (droplet at a
    // local optimum): that is its decision, not a dead end.
    if (proposal.empty())
      break;
    for (const Candidate &c : proposal)
      add(c);
    if (batch.size() > before)
      break;
    // Everything proposed was measured already: ask again, a few times.
    stuck = attempt >= kProposalRetries;
    if (stuck)
      break;
  }
  if (stuck) {
    std::mt19937_64 rng(state.options.search.seed * 7919 + t.index +
                        0x51ed270b * (t.report.trials + 1));
    for (Candidate &c : sampleUnmeasured(*t.space, t.measured, budget, rng))
      add(c);
  }
  return batch;
}

/// Why a task with budget left gets no more rounds, as a remark.
void reportExhausted(TuningState &state, TaskState &t) {
  unsigned validUnmeasured = 0;
  bool counted = countUnmeasuredValid(*t.space, t.measured, validUnmeasured);
  InFlightDiagnostic diag = emitRemark(state.loc)
                            << "tuner-tune: task '" << t.report.name
                            << "' gets no more trials: ";
  if (counted && validUnmeasured == 0)
    diag << "its space is exhausted (all " << t.measured.size()
         << " valid candidates measured or failed)";
  else if (counted)
    diag << "policy '" << t.policy->getName()
         << "' has nothing more to propose after " << t.report.trials
         << " trials (" << validUnmeasured
         << " valid candidates are left unmeasured)";
  else
    diag << "policy '" << t.policy->getName()
         << "' has nothing more to propose after " << t.report.trials
         << " trials (its space has "
         << llvm::formatv("{0:f0}", t.space->getSize())
         << " points, too many to count the valid ones left)";
}

/// The size of the next round of `t`: at most a batch, its fair share of
/// what is left, and what its per-task budget allows.
unsigned getRoundBudget(const TuningState &state, const TaskState &t,
                        unsigned share) {
  const TuningOptions::Budget &b = state.options.budget;
  unsigned budget = std::min({b.batchSize, share, b.trials - state.used});
  if (b.perTaskTrials)
    budget = std::min(budget, b.perTaskTrials > t.report.trials
                                  ? b.perTaskTrials - t.report.trials
                                  : 0u);
  return budget;
}
} // namespace

std::vector<MeasureResult>
mlir::tuner::measureCandidates(TuningState &state, TaskState &t,
                               ArrayRef<Candidate> candidates, bool counted,
                               ArrayRef<MeasureCallback *> callbacks) {
  MLIRContext *ctx = state.getContext();
  std::vector<MeasureInput> inputs;
  std::vector<MeasureResult> results(candidates.size());
  for (auto [c, result] : llvm::zip(candidates, results)) {
    result.candidate = c;
    result.config = t.space->toConfig(ctx, c);
    inputs.push_back({result.config});
  }
  auto start = std::chrono::steady_clock::now();
  state.measurer->measure(
      t.measureTask, inputs,
      [&](size_t i, MeasureOutput out) {
        MeasureResult &m = results[i];
        // Not measured (the time budget ran out): no trial, no record, and
        // a later run may measure it.
        if (out.skipped) {
          m.output = std::move(out);
          m.median = kNoTime;
          t.measured.erase(t.space->getKey(m.candidate));
          return;
        }
        state.report.buildSeconds += out.buildSeconds;
        state.report.runSeconds += out.runSeconds;
        m.output = std::move(out);
        m.median = m.isValid() ? median(m.output.seconds) : kNoTime;
        // What ptxas said of the built kernels replaces the estimates in
        // the features the model learns from.
        if (m.output.resources && t.scorer)
          t.scorer->updateFeatures(
              m.candidate, [target = state.target,
                            resources = *m.output.resources](FeatureVector &f) {
                applyMeasuredResources(f, target, resources);
              });
        // Uncounted measurements (the drift check's) are not trials.
        if (!counted)
          return;
        countResult(state, t, m);
        for (MeasureCallback *cb : callbacks)
          if (failed(cb->onResult(state, t, m)))
            state.failed = true;
      },
      [&](StringRef message) { emitWarning(state.loc) << message; });
  state.report.measureSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return results;
}

LogicalResult
mlir::tuner::runTuningLoop(TuningState &state,
                           ArrayRef<MeasureCallback *> callbacks) {
  for (MeasureCallback *cb : callbacks)
    if (failed(cb->begin(state)))
      return failure();
  const TuningOptions::Budget &b = state.options.budget;
  // A round is at most a fair share of what is left between the tasks still
  // searching, computed again once a task comes back (with round-robin: at
  // the start of every pass over the tasks).
  unsigned share = 0;
  llvm::SmallDenseSet<size_t> servedSinceShare;
  while (state.used < b.trials && !state.outOfTime() && !state.failed) {
    std::optional<size_t> next = state.scheduler->next();
    if (!next)
      break;
    TaskState &t = *state.tasks[*next];
    if (!servedSinceShare.insert(t.index).second || share == 0) {
      servedSinceShare = {t.index};
      unsigned alive = llvm::count_if(
          state.tasks, [](const auto &task) { return !task->exhausted; });
      share = std::max(1u, (b.trials - state.used + alive - 1) /
                               std::max(1u, alive));
    }
    unsigned budget = getRoundBudget(state, t, share);
    std::vector<Candidate> batch;
    if (budget > 0)
      batch = proposeBatch(state, t, budget);
    if (batch.empty()) {
      if (budget > 0)
        reportExhausted(state, t);
      t.exhausted = true;
      state.scheduler->update(t.index, t.report.bestSeconds,
                              /*exhausted=*/true);
      continue;
    }
    std::vector<MeasureResult> results =
        measureCandidates(state, t, batch, /*counted=*/true, callbacks);
    std::vector<MeasuredCandidate> measured;
    for (const MeasureResult &m : results)
      if (!m.output.skipped)
        measured.push_back({m.candidate, m.isValid() ? m.output.seconds
                                                     : std::vector<double>()});
    llvm::append_range(t.history, measured);
    t.policy->update(measured);
    for (MeasureCallback *cb : callbacks)
      if (failed(cb->onBatch(state, t, results)))
        state.failed = true;
    ++t.report.rounds;
    state.scheduler->update(t.index, t.report.bestSeconds,
                            /*exhausted=*/false);
  }
  if (state.failed)
    return failure();
  runDriftCheck(state);
  return success();
}

void mlir::tuner::runDriftCheck(TuningState &state) {
  // A spent time budget ends the run (the final validation is skipped too).
  if (!state.options.measure.driftCheck ||
      !state.measurerInfo->measuresHardware || state.outOfTime())
    return;
  for (auto &t : state.tasks) {
    TaskReport &r = t->report;
    if (!std::isfinite(r.defaultSeconds))
      continue;
    double now = measureCandidates(state, *t, {t->defaultCandidate},
                                   /*counted=*/false, {})
                     .front()
                     .median;
    if (!std::isfinite(now))
      continue;
    double first = r.defaultSeconds;
    r.defaultEndSeconds = now;
    // Keep the faster measurement of the default: a slow first one (a busy
    // machine) would otherwise inflate the speedups. The default was the
    // first candidate measured, so it was checked then.
    r.defaultSeconds = std::min(first, now);
    if (now < r.bestSeconds) {
      r.bestSeconds = now;
      t->bestConfig =
          t->space->toConfig(state.getContext(), t->defaultCandidate);
    }
    // Below 10 us apart the two are the timer's and the cache's noise, not
    // a busy machine.
    constexpr double kNoiseSeconds = 10e-6;
    auto show = [](double seconds) {
      return seconds < 1e-3 ? llvm::formatv("{0:f1} us", seconds * 1e6).str()
                            : llvm::formatv("{0:f3} ms", seconds * 1e3).str();
    };
    if (std::fabs(now - first) > std::max(0.1 * first, kNoiseSeconds))
      emitWarning(state.loc)
          << "tuner-tune: the default config of task '" << r.name << "' took "
          << show(first) << " at the start and " << show(now)
          << " at the end: the machine was busy, timings may be off by "
             "that much";
  }
}
