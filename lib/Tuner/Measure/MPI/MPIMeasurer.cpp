//===- MPIMeasurer.cpp - rank 0's measurer under workers=mpi --------------===//
//
// Hands the candidates of a batch, a few at a time, to the serving ranks
// whose targets match the task's (same kind and chip, at least the task's
// cores), each chunk as large as the rank has builders; a rank gets its next
// chunk when it answers. A rank silent for kMPIRankSilenceSeconds, or one a
// job cannot be sent to, is given up: its chunk goes to the other ranks, and
// a candidate lost twice is an error. Re-timing (final validation) sends all
// candidates to one rank, so that they are compared on one machine.
// Featurizing stays on rank 0 (its own worker processes).
//
//===----------------------------------------------------------------------===//

#include "Comm.h"

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Tuner/Measure/MPI.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>
#include <map>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::mpi;

namespace {
using Clock = std::chrono::steady_clock;

constexpr double kGreetingTimeoutSeconds = 120;
constexpr double kSendTimeoutSeconds = 30;

/// A serving rank as rank 0 knows it.
struct RankInfo {
  int rank = 0;
  std::string host;
  SmallVector<sched::TargetAttr> targets;
  unsigned threads = 1;
  bool alive = true;
  /// Configured with the current measurer.
  bool ready = false;
};

/// Ranks greet once per process; their greetings outlive any measurer.
std::map<int, RankInfo> &getGreeted() {
  static std::map<int, RankInfo> greeted;
  return greeted;
}

/// A chunk of candidates on a rank.
struct InFlight {
  int64_t id = 0;
  std::vector<size_t> indices;
  Clock::time_point sent;
};

/// Whether a rank with target `have` can measure for a task on `want`: the
/// same kind, the same chip unless `want` names a generic x86-64 level
/// (sm_90 for sm_90a), every CPU feature of `want`, and at least its cores.
bool canMeasure(sched::TargetAttr have, sched::TargetAttr want) {
  if (have.getKind() != want.getKind())
    return false;
  StringRef arch = want.getArch();
  if (!arch.empty() && !arch.starts_with("x86-64") &&
      !runsOnChip(arch, have.getArch()))
    return false;
  // A CUDA target's features are precisions (tf32), not the hardware's.
  SmallVector<StringRef> features;
  if (!want.getFeatures().empty() && !want.isCUDA())
    want.getFeatures().split(features, ',');
  if (!llvm::all_of(features,
                    [&](StringRef f) { return have.hasFeature(f); }))
    return false;
  return have.getCores() >= want.getCores();
}

class MPIMeasurer : public Measurer {
public:
  MPIMeasurer(Comm &comm, const MPIMeasurerOptions &options,
              std::unique_ptr<Measurer> local)
      : comm(comm), options(options), local(std::move(local)) {
    ctx.getOrLoadDialect<sched::SchedDialect>();
  }

  LogicalResult start(std::string &error);

  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const MeasureDoneFn &done, const MeasureWarnFn &warn) override {
    dispatch(task, inputs, /*oneRank=*/false, llvm::json::Object{{"kind",
                                                                  "measure"}},
             done, warn);
  }

  void retime(MeasureTask &task, ArrayRef<MeasureInput> inputs, unsigned rounds,
              const TimingOptions &timing, bool verify,
              const MeasureDoneFn &done, const MeasureWarnFn &warn) override {
    dispatch(task, inputs, /*oneRank=*/true,
             llvm::json::Object{{"kind", "retime"},
                                {"rounds", static_cast<int64_t>(rounds)},
                                {"timing", toJSON(timing)},
                                {"verify", verify}},
             done, warn);
  }

  /// Rank 0's own builders do the other components' jobs (features): the
  /// serving ranks only measure.
  std::vector<BuilderJobResult>
  runOnBuilders(StringRef kind, ArrayRef<llvm::json::Value> jobs) override {
    return local->runOnBuilders(kind, jobs);
  }
  unsigned getNumBuilders() const override { return local->getNumBuilders(); }

private:
  void collectGreetings();
  void handleGreeting(const Message &m);
  /// The ranks that can measure `task` now.
  SmallVector<RankInfo *> getEligible(const MeasureTask &task);
  void giveUp(RankInfo &rank, const MeasureWarnFn &warn, StringRef why);
  void dispatch(MeasureTask &task, ArrayRef<MeasureInput> inputs, bool oneRank,
                const llvm::json::Object &kind, const MeasureDoneFn &done,
                const MeasureWarnFn &warn);
  /// Seconds after which a chunk of `n` candidates is overdue even though
  /// its rank still sends heartbeats (its measurer has deadlines of its own;
  /// this only guards against a rank that hangs between them).
  double getBackstopSeconds(size_t n) const {
    const MeasurerOptions &o = options.options;
    return 2 * o.referenceTimeoutSeconds + 60 +
           n * (o.timeoutSeconds * 3 + 10);
  }

  Comm &comm;
  MPIMeasurerOptions options;
  std::unique_ptr<Measurer> local;
  MLIRContext ctx;
  int64_t nextId = 1;
};

void MPIMeasurer::handleGreeting(const Message &m) {
  auto parsed = llvm::json::parse(m.payload);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return;
  }
  const llvm::json::Object *o = parsed->getAsObject();
  if (!o || o->getInteger("version") != kProtocolVersion)
    return;
  RankInfo info;
  info.rank = m.source;
  info.host = o->getString("host").value_or("?").str();
  info.threads = std::max<int64_t>(1, o->getInteger("threads").value_or(1));
  if (const llvm::json::Array *targets = o->getArray("targets"))
    for (const llvm::json::Value &t : *targets)
      if (auto target = dyn_cast_if_present<sched::TargetAttr>(
              parseAttribute(t.getAsString().value_or(""), &ctx)))
        info.targets.push_back(target);
  getGreeted()[m.source] = std::move(info);
}

void MPIMeasurer::collectGreetings() {
  auto deadline =
      Clock::now() + std::chrono::duration<double>(kGreetingTimeoutSeconds);
  while (getGreeted().size() + 1 < static_cast<size_t>(comm.getSize()) &&
         Clock::now() < deadline) {
    std::optional<Message> m = comm.poll();
    if (!m) {
      usleep(1000);
      continue;
    }
    if (m->tag == Hello)
      handleGreeting(*m);
  }
}

LogicalResult MPIMeasurer::start(std::string &error) {
  collectGreetings();
  // Configure every live rank, then wait for their answers.
  std::map<int64_t, RankInfo *> asked;
  for (auto &[r, info] : getGreeted()) {
    info.ready = false;
    if (!info.alive || comm.isLost(r))
      continue;
    int64_t id = nextId++;
    llvm::json::Object job{{"id", id},
                           {"measurer", options.measurer},
                           {"options", toJSON(options.options)}};
    if (comm.send(r, Configure, llvm::json::Value(std::move(job)),
                  kSendTimeoutSeconds))
      asked[id] = &info;
  }
  std::string firstError;
  auto deadline =
      Clock::now() + std::chrono::duration<double>(kGreetingTimeoutSeconds);
  size_t answered = 0;
  while (answered < asked.size() && Clock::now() < deadline) {
    std::optional<Message> m = comm.poll();
    if (!m) {
      usleep(1000);
      continue;
    }
    if (m->tag == Hello) {
      handleGreeting(*m);
      continue;
    }
    auto parsed = llvm::json::parse(m->payload);
    const llvm::json::Object *o = parsed ? parsed->getAsObject() : nullptr;
    if (!parsed)
      llvm::consumeError(parsed.takeError());
    auto it = o ? asked.find(o->getInteger("id").value_or(0)) : asked.end();
    if (m->tag != Result || it == asked.end() || it->second->rank != m->source)
      continue;
    ++answered;
    if (std::optional<StringRef> e = o->getString("error"))
      firstError = firstError.empty() ? e->str() : firstError;
    else
      it->second->ready = true;
  }
  if (llvm::any_of(getGreeted(), [](auto &r) { return r.second.ready; }))
    return success();
  error = "workers=mpi: no MPI rank is ready to measure (" +
          std::to_string(getGreeted().size()) + " of " +
          std::to_string(comm.getSize() - 1) + " serving ranks greeted" +
          (firstError.empty() ? "" : "; " + firstError) + ")";
  return failure();
}

SmallVector<RankInfo *> MPIMeasurer::getEligible(const MeasureTask &task) {
  auto want = dyn_cast_if_present<sched::TargetAttr>(
      parseAttribute(task.target, &ctx));
  SmallVector<RankInfo *> eligible;
  for (auto &[r, info] : getGreeted())
    if (info.alive && info.ready && want &&
        llvm::any_of(info.targets, [&](sched::TargetAttr have) {
          return canMeasure(have, want);
        }))
      eligible.push_back(&info);
  return eligible;
}

void MPIMeasurer::giveUp(RankInfo &rank, const MeasureWarnFn &warn,
                         StringRef why) {
  rank.alive = false;
  comm.markLost(rank.rank);
  warn(llvm::formatv("MPI rank {0} ({1}) {2}; it is given up", rank.rank,
                     rank.host, why)
           .str());
}
} // namespace

namespace {
/// The state of one dispatch(): which candidates wait, which are out.
struct Dispatch {
  Dispatch(MeasureTask &task, const MeasureDoneFn &done)
      : task(task), done(done) {}

  MeasureTask &task;
  const MeasureDoneFn &done;
  std::vector<std::string> configs;
  std::deque<size_t> pending;
  std::vector<unsigned> losses;
  /// Chunks in flight, by rank.
  std::map<int, InFlight> busy;
  size_t remaining = 0;

  void fail(size_t i, std::string message) {
    MeasureOutput out;
    out.error = MeasureError::Unknown;
    out.message = std::move(message);
    done(i, std::move(out));
    --remaining;
  }
  /// The chunk of a lost rank: back to the queue, or an error when lost
  /// twice.
  void requeue(const InFlight &chunk, int rank) {
    for (size_t i : llvm::reverse(chunk.indices)) {
      if (++losses[i] >= 2)
        fail(i, "lost with two MPI ranks (the last: rank " +
                    std::to_string(rank) + ")");
      else
        pending.push_front(i);
    }
  }
  /// A rank's answer to a chunk.
  void finish(const InFlight &chunk, const llvm::json::Object &answer,
              const MeasureWarnFn &warn) {
    if (const llvm::json::Array *warnings = answer.getArray("warnings"))
      for (const llvm::json::Value &w : *warnings)
        warn(w.getAsString().value_or(""));
    if (const llvm::json::Object *progress = answer.getObject("task"))
      mergeTaskProgress(*progress, task);
    const llvm::json::Array *outputs = answer.getArray("outputs");
    std::string error = answer.getString("error").value_or("").str();
    for (auto [j, i] : llvm::enumerate(chunk.indices)) {
      MeasureOutput out;
      if (error.empty() && outputs && j < outputs->size() &&
          fromJSON((*outputs)[j], out)) {
        done(i, std::move(out));
        --remaining;
      } else {
        fail(i, error.empty() ? "malformed answer from an MPI rank" : error);
      }
    }
  }
};
} // namespace

void MPIMeasurer::dispatch(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                           bool oneRank, const llvm::json::Object &kind,
                           const MeasureDoneFn &done,
                           const MeasureWarnFn &warn) {
  Dispatch d(task, done);
  for (auto [i, input] : llvm::enumerate(inputs)) {
    d.configs.push_back(printAttr(input.config));
    d.pending.push_back(i);
  }
  d.losses.assign(inputs.size(), 0);
  d.remaining = inputs.size();
  SmallVector<RankInfo *> eligible = getEligible(task);
  while (d.remaining) {
    llvm::erase_if(eligible, [](RankInfo *r) { return !r->alive; });
    if (eligible.empty()) {
      for (size_t i : d.pending)
        d.fail(i, "no live MPI rank can measure for target " + task.target);
      return;
    }
    // Idle ranks get the next chunks.
    for (RankInfo *r : eligible) {
      if (d.pending.empty() || d.busy.count(r->rank) ||
          (oneRank && !d.busy.empty()))
        continue;
      size_t share = (d.pending.size() + eligible.size() - 1) / eligible.size();
      size_t size = oneRank ? d.pending.size()
                            : std::clamp<size_t>(share, 1, r->threads);
      InFlight chunk{nextId++, {}, Clock::now()};
      llvm::json::Array configs;
      for (size_t k = 0; k < size; ++k) {
        chunk.indices.push_back(d.pending.front());
        configs.push_back(d.configs[d.pending.front()]);
        d.pending.pop_front();
      }
      llvm::json::Object job = kind;
      job["id"] = chunk.id;
      job["task"] = taskToJSON(task);
      job["configs"] = std::move(configs);
      if (comm.send(r->rank, Job, llvm::json::Value(std::move(job)),
                    kSendTimeoutSeconds)) {
        d.busy[r->rank] = std::move(chunk);
        continue;
      }
      giveUp(*r, warn, "cannot be sent a job");
      d.requeue(chunk, r->rank);
    }
    if (std::optional<Message> m = comm.poll()) {
      if (m->tag == Hello)
        handleGreeting(*m);
      auto it = d.busy.find(m->source);
      if (m->tag != Result || it == d.busy.end())
        continue;
      auto parsed = llvm::json::parse(m->payload);
      if (!parsed) {
        llvm::consumeError(parsed.takeError());
        continue;
      }
      const llvm::json::Object *answer = parsed->getAsObject();
      if (!answer || answer->getInteger("id") != it->second.id)
        continue;
      InFlight chunk = std::move(it->second);
      d.busy.erase(it);
      d.finish(chunk, *answer, warn);
      continue;
    }
    // Nothing arrived: give up the ranks that went silent.
    for (auto it = d.busy.begin(); it != d.busy.end();) {
      RankInfo &r = getGreeted()[it->first];
      double elapsed =
          std::chrono::duration<double>(Clock::now() - it->second.sent).count();
      bool silent = comm.getSilence(r.rank) > kMPIRankSilenceSeconds;
      if (!silent && elapsed < getBackstopSeconds(it->second.indices.size())) {
        ++it;
        continue;
      }
      giveUp(r, warn,
             silent ? "has been silent for " +
                          std::to_string(int(kMPIRankSilenceSeconds)) + " s"
                    : std::string("holds a job past every deadline"));
      InFlight chunk = std::move(it->second);
      it = d.busy.erase(it);
      d.requeue(chunk, r.rank);
    }
    usleep(500);
  }
}

FailureOr<std::unique_ptr<Measurer>>
mlir::tuner::createMPIMeasurer(const MPIMeasurerOptions &options,
                               std::unique_ptr<Measurer> local,
                               std::string &error) {
  std::string why;
  if (!canMeasureOnMPI(why)) {
    error = "workers=mpi: " + why;
    return failure();
  }
  auto measurer =
      std::make_unique<MPIMeasurer>(*Comm::get(), options, std::move(local));
  if (failed(measurer->start(error)))
    return failure();
  return std::unique_ptr<Measurer>(std::move(measurer));
}
