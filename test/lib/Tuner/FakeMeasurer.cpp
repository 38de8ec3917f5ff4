//===- FakeMeasurer.cpp - the `fake` measurer (tests only) ----------------===//
//
// A measurer for tests of the driver and the policies: the cost of a
// candidate is a deterministic function of its knobs (getFakeCost), three
// repeats with a small deterministic spread; nothing is built. Candidates of
// the `test.fault` sketch fail with the error their `kind` knob names. Its
// features are the sketch's rank and the knobs' option indices. Records it
// writes say "(fake measurer)" in their `tool` field.
//
// TUNER_FAKE_MEASURE_SECONDS=<s> makes each measurement take that long (a
// sleep), so that a bench can simulate remote workers of a given measurement
// time (bench/mpi_scaling.py).
//
// It sees configs, as every measurer does: it rebuilds each task's sketch
// spaces from the task module to turn a config into option indices.
//
//===----------------------------------------------------------------------===//

#include "TestHooks.h"

#include "Tuner/Tuner/Driver/Featurizer.h"
#include "Tuner/Tuner/Measure/Measurer.h"
#include "Tuner/Tuner/Search/SearchSpace.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"
#include "Tuner/Tuner/Task/TaskModule.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"

#include <chrono>
#include <cstdlib>
#include <thread>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
uint64_t fnv1a(StringRef text) {
  uint64_t h = 1469598103934665603ull;
  for (char c : text) {
    h ^= static_cast<uint8_t>(c);
    h *= 1099511628211ull;
  }
  return h;
}

/// Errors the fake measurer (and the real test.fault sketch) produce by name.
MeasureError getFaultError(StringRef kind) {
  if (kind == "build_crash" || kind == "build_oom")
    return MeasureError::CompileHost;
  if (kind == "build_hang")
    return MeasureError::BuildTimeout;
  if (kind == "run_crash")
    return MeasureError::RuntimeDevice;
  if (kind == "run_hang")
    return MeasureError::RunTimeout;
  if (kind == "wrong_result")
    return MeasureError::WrongAnswer;
  return MeasureError::None;
}

/// The sketch spaces of the tasks the fake measurer and featurizer see:
/// each rebuilt from its task module, to turn a config into a point.
class FakeSpaces {
public:
  /// A config as a point of its sketch's space on the task.
  struct Point {
    const SketchInstance *sketch;
    unsigned rank;
    KnobChoice choice;
  };
  const Point *locate(MeasureTask &task, ConfigAttr config) {
    TaskSpaces &spaces = getSpaces(task, config.getContext());
    if (!spaces.group)
      return nullptr;
    std::unique_ptr<SketchInstance> &instance =
        spaces.instances[config.getSketch()];
    std::string error;
    if (!instance) {
      auto made = instantiateSketch(config.getSketch(), *spaces.group,
                                    spaces.target, error);
      if (failed(made))
        return nullptr;
      instance = std::move(*made);
    }
    FailureOr<KnobChoice> choice = instance->fromConfig(config, error);
    if (failed(choice))
      return nullptr;
    unsigned rank = llvm::find(spaces.ranked, config.getSketch().str()) -
                    spaces.ranked.begin();
    if (rank == spaces.ranked.size())
      rank = 0;
    point = Point{instance.get(), rank, *choice};
    return &point;
  }

private:
  /// A task's anchor and the sketch spaces built on it so far.
  struct TaskSpaces {
    OwningOpRef<ModuleOp> module;
    std::optional<FusedGroup> group;
    TargetAttr target;
    SmallVector<std::string> ranked;
    llvm::StringMap<std::unique_ptr<SketchInstance>> instances;
  };

  TaskSpaces &getSpaces(MeasureTask &task, MLIRContext *ctx) {
    std::unique_ptr<TaskSpaces> &spaces = tasks[task.key];
    if (spaces)
      return *spaces;
    spaces = std::make_unique<TaskSpaces>();
    spaces->module = parseSourceString<ModuleOp>(task.module, ctx);
    spaces->target =
        dyn_cast_or_null<TargetAttr>(parseAttribute(task.target, ctx));
    Operation *anchor =
        spaces->module ? findTaskAnchor(*spaces->module) : nullptr;
    if (!anchor || !spaces->target)
      return *spaces;
    spaces->group = buildFusedGroup(cast<linalg::LinalgOp>(anchor));
    for (const auto &instance :
         instantiateSketches(*spaces->group, spaces->target))
      spaces->ranked.push_back(instance->getName().str());
    return *spaces;
  }

  llvm::StringMap<std::unique_ptr<TaskSpaces>> tasks;
  Point point;
};

class FakeMeasurer : public Measurer {
public:
  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const MeasureDoneFn &done, const MeasureWarnFn &warn) override {
    for (auto [i, input] : llvm::enumerate(inputs)) {
      if (simulatedSeconds > 0)
        std::this_thread::sleep_for(
            std::chrono::duration<double>(simulatedSeconds));
      MeasureOutput out = evaluate(task, input, /*repeats=*/3);
      if (out.error == MeasureError::None) {
        double cost = out.seconds[1];
        if (cost < task.bestSeconds) {
          out.verified = true;
          task.bestSeconds = cost;
        }
        task.haveValid = true;
      }
      done(i, std::move(out));
    }
  }

  void retime(MeasureTask &task, ArrayRef<MeasureInput> inputs, unsigned rounds,
              const TimingOptions &timing, bool verify,
              const MeasureDoneFn &done, const MeasureWarnFn &warn) override {
    for (auto [i, input] : llvm::enumerate(inputs)) {
      MeasureOutput out =
          evaluate(task, input, std::max(1u, rounds * timing.repeats));
      out.verified = verify && out.error == MeasureError::None;
      done(i, std::move(out));
    }
  }

private:
  MeasureOutput evaluate(MeasureTask &task, const MeasureInput &input,
                         unsigned repeats) {
    MeasureOutput out;
    if (input.config.getSketch().starts_with("test.fault")) {
      auto kind =
          dyn_cast_or_null<StringAttr>(input.config.getKnobs().get("kind"));
      out.error = getFaultError(kind ? kind.getValue() : "");
      if (out.error != MeasureError::None) {
        out.message = ("fake measurer: fault '" + kind.getValue() + "'").str();
        return out;
      }
    }
    const FakeSpaces::Point *p = spaces.locate(task, input.config);
    if (!p) {
      out.error = MeasureError::Instantiation;
      out.message = "fake measurer: the config does not fit the task";
      return out;
    }
    double cost = test::getFakeCost(*p->sketch, p->rank, p->choice, task.key);
    // A deterministic spread around the cost, median exactly `cost`.
    for (unsigned r = 0; r < repeats; ++r)
      out.seconds.push_back(cost * (1.0 + 0.005 * (double(r % 3) - 1.0)));
    out.runSeconds = repeats * cost;
    return out;
  }

  FakeSpaces spaces;
  double simulatedSeconds = [] {
    const char *value = std::getenv("TUNER_FAKE_MEASURE_SECONDS");
    return value ? std::atof(value) : 0.0;
  }();
};

/// The fake measurer's features: the sketch's rank and the knobs' option
/// indices (nothing is built).
class FakeFeaturizer : public Featurizer {
public:
  unsigned getNumFeatures() const override { return 13; }

  std::vector<FeatureVector> featurize(MeasureTask &task,
                                       ArrayRef<MeasureInput> inputs,
                                       const MeasureWarnFn &warn) override {
    std::vector<FeatureVector> result;
    for (const MeasureInput &input : inputs) {
      FeatureVector f;
      if (const FakeSpaces::Point *p = spaces.locate(task, input.config)) {
        f.assign(getNumFeatures(), 0);
        f[0] = float(p->rank);
        for (auto [k, index] : llvm::enumerate(p->choice))
          if (k + 1 < f.size())
            f[k + 1] = float(index);
      }
      result.push_back(std::move(f));
    }
    return result;
  }

private:
  FakeSpaces spaces;
};
} // namespace

double mlir::tuner::test::getFakeCost(const SketchInstance &sketch,
                                      unsigned sketchRank,
                                      ArrayRef<unsigned> choice,
                                      StringRef taskKey) {
  double cost = 1e-3 * (1.0 + 0.5 * sketchRank);
  for (auto [knob, index] : llvm::zip(sketch.getKnobs(), choice)) {
    size_t n = knob.options.size();
    if (n <= 1)
      continue;
    uint64_t h =
        fnv1a((taskKey + "/" + sketch.getName() + "/" + knob.name).str());
    double optimum = static_cast<double>(h % n);
    double d = (static_cast<double>(index) - optimum) / (n - 1);
    cost *= 1.0 + 2.0 * d * d;
  }
  return cost;
}

double mlir::tuner::test::getFakeCost(const SearchSpace &space,
                                      const Candidate &candidate,
                                      StringRef taskKey) {
  return getFakeCost(space.getSketch(candidate), candidate.sketch,
                     candidate.choice, taskKey);
}

void mlir::tuner::test::registerFakeMeasurer() {
  MeasurerInfo info;
  info.name = "fake";
  info.description = "test only: a deterministic cost from the knobs";
  info.measuresHardware = false;
  info.factory = [](const MeasurerOptions &,
                    std::string &) -> FailureOr<std::unique_ptr<Measurer>> {
    return std::unique_ptr<Measurer>(std::make_unique<FakeMeasurer>());
  };
  registerMeasurer(std::move(info));
  registerFeaturizer("fake",
                     [](Measurer &) { return test::createFakeFeaturizer(); });
}

std::unique_ptr<Featurizer> mlir::tuner::test::createFakeFeaturizer() {
  return std::make_unique<FakeFeaturizer>();
}
