//===- TuningLoopTest.cpp - the tuning loop with the fake measurer --------===//
//
// Drives tuneModule (setup, loop, callbacks, final validation, annotation)
// on a two-task module with the fake measurer of the test library: the
// callbacks see every trial once and every round, a failing callback stops
// the search, a fixed seed gives the same result, and the final validation
// writes the fastest re-timed candidate, never one slower than the default.
//
//===----------------------------------------------------------------------===//

#include "TestHooks.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/InitAll.h"
#include "Tuner/Tuner/Driver/Featurizer.h"
#include "Tuner/Tuner/Driver/TuningDriver.h"
#include "Tuner/Tuner/Sketch/Materialize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
constexpr StringLiteral kModel = R"mlir(
func.func @model(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %v: tensor<64x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<32x16xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x16xf32>) -> tensor<32x16xf32>
  %y = linalg.matmul ins(%h, %v : tensor<32x64xf32>, tensor<64x16xf32>) outs(%f2 : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %y : tensor<32x16xf32>
}
)mlir";

/// Counts what the loop tells a callback; fails onResult after `failAfter`
/// results (0: never).
struct CountingCallback : public MeasureCallback {
  StringRef getName() const override { return "counting"; }
  LogicalResult begin(TuningState &) override {
    ++begins;
    return success();
  }
  LogicalResult onResult(TuningState &state, TaskState &task,
                         const MeasureResult &m) override {
    ++results;
    // The state already counts the trial.
    EXPECT_EQ(state.used, results);
    EXPECT_TRUE(m.config);
    return failure(failAfter && results >= failAfter);
  }
  LogicalResult onBatch(TuningState &, TaskState &,
                        ArrayRef<MeasureResult> batch) override {
    ++batches;
    batchResults += batch.size();
    return success();
  }
  void end(TuningState &) override { ++ends; }

  unsigned failAfter = 0;
  unsigned begins = 0, results = 0, batches = 0, batchResults = 0, ends = 0;
};

class TuningLoopTest : public ::testing::Test {
protected:
  TuningLoopTest() {
    DialectRegistry registry;
    test::registerTestHooks(registry);
    registry.insert<arith::ArithDialect, func::FuncDialect,
                    linalg::LinalgDialect, tensor::TensorDialect>();
    tuner::registerAllDialects(registry);
    // The driver tries each sketch's default script on the payload.
    tuner::registerSketchDependencies(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    // Diagnostics (remarks, warnings) go to the test's log.
    handler.emplace(&ctx, [](Diagnostic &d) {
      llvm::errs() << d.str() << "\n";
      return success();
    });
  }

  TuningOptions fakeOptions() {
    TuningOptions o;
    o.target = "cpu:avx512:2t";
    o.measure.measurer = "fake";
    o.search.policy = "random";
    o.search.seed = 3;
    o.budget.trials = 10;
    o.budget.batchSize = 4;
    o.output.progress = ProgressMode::Off;
    return o;
  }

  OwningOpRef<ModuleOp> parse() {
    OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kModel, &ctx);
    EXPECT_TRUE(m);
    return m;
  }

  /// The printed configs of the module's anchor ops.
  std::vector<std::string> configs(ModuleOp m) {
    std::vector<std::string> result;
    m.walk([&](Operation *op) {
      if (sched::ConfigAttr c = sched::getConfig(op)) {
        std::string s;
        llvm::raw_string_ostream(s) << c;
        result.push_back(s);
      }
    });
    return result;
  }

  MLIRContext ctx;
  std::optional<ScopedDiagnosticHandler> handler;
};
} // namespace

TEST_F(TuningLoopTest, CallbacksSeeEveryTrialAndRound) {
  OwningOpRef<ModuleOp> m = parse();
  TuningOptions o = fakeOptions();
  ASSERT_TRUE(succeeded(verifyTuningOptions(o, m->getLoc())));
  CountingCallback counting;
  FailureOr<TuningReport> report = tuneModule(*m, o, {&counting});
  ASSERT_TRUE(succeeded(report));
  EXPECT_EQ(report->trials, 10u);
  EXPECT_EQ(counting.begins, 1u);
  EXPECT_EQ(counting.ends, 1u);
  EXPECT_EQ(counting.results, 10u);
  EXPECT_EQ(counting.batchResults, 10u);
  unsigned rounds = 0;
  for (const TaskReport &t : report->tasks)
    rounds += t.rounds;
  EXPECT_EQ(counting.batches, rounds);
  // Round robin with batches of at most 4 and a fair share: 4 + 4, 1 + 1.
  ASSERT_EQ(report->tasks.size(), 2u);
  EXPECT_EQ(report->tasks[0].trials, 5u);
  EXPECT_EQ(report->tasks[1].trials, 5u);
  EXPECT_EQ(configs(*m).size(), 2u);
}

TEST_F(TuningLoopTest, SameSeedSameResult) {
  OwningOpRef<ModuleOp> a = parse(), b = parse();
  ASSERT_TRUE(succeeded(tuneModule(*a, fakeOptions())));
  ASSERT_TRUE(succeeded(tuneModule(*b, fakeOptions())));
  EXPECT_EQ(configs(*a), configs(*b));
}

TEST_F(TuningLoopTest, FailingCallbackStopsTheSearch) {
  OwningOpRef<ModuleOp> m = parse();
  TuningOptions o = fakeOptions();
  o.budget.trials = 40;
  CountingCallback counting;
  counting.failAfter = 2;
  EXPECT_TRUE(failed(tuneModule(*m, o, {&counting})));
  // The round in flight (one batch of 4) completes, no other starts.
  EXPECT_EQ(counting.results, 4u);
  EXPECT_EQ(counting.ends, 1u);
  EXPECT_TRUE(configs(*m).empty());
}

namespace {
/// The fake measurer's costs during the search, and the reverse order when
/// re-timed: the search's best re-times slowest.
class ReversingMeasurer : public Measurer {
public:
  explicit ReversingMeasurer(std::unique_ptr<Measurer> fake)
      : fake(std::move(fake)) {}
  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const MeasureDoneFn &done, const MeasureWarnFn &warn) override {
    fake->measure(task, inputs, done, warn);
  }
  void retime(MeasureTask &task, ArrayRef<MeasureInput> inputs, unsigned rounds,
              const TimingOptions &timing, bool verify,
              const MeasureDoneFn &done, const MeasureWarnFn &warn) override {
    fake->retime(
        task, inputs, rounds, timing, verify,
        [&](size_t i, MeasureOutput out) {
          for (double &s : out.seconds)
            s = 1e-6 / s;
          done(i, std::move(out));
        },
        warn);
  }

private:
  std::unique_ptr<Measurer> fake;
};
} // namespace

TEST_F(TuningLoopTest, FinalValidationWritesTheFastestRetimed) {
  MeasurerInfo info;
  info.name = "test-reversing";
  info.measuresHardware = false;
  info.factory =
      [](const MeasurerOptions &o,
         std::string &error) -> FailureOr<std::unique_ptr<Measurer>> {
    auto fake = lookupMeasurer("fake")->factory(o, error);
    if (failed(fake))
      return failure();
    return std::unique_ptr<Measurer>(
        std::make_unique<ReversingMeasurer>(std::move(*fake)));
  };
  registerMeasurer(std::move(info));
  registerFeaturizer("test-reversing",
                     [](Measurer &) { return test::createFakeFeaturizer(); });

  OwningOpRef<ModuleOp> m = parse();
  TuningOptions o = fakeOptions();
  o.measure.measurer = "test-reversing";
  o.budget.trials = 24;
  o.finalValidation.candidates = 3;
  o.finalValidation.rounds = 2;
  FailureOr<TuningReport> report = tuneModule(*m, o);
  ASSERT_TRUE(succeeded(report));
  EXPECT_EQ(report->validatedTasks, 2u);
  std::vector<std::string> annotated = configs(*m);
  for (const TaskReport &t : report->tasks) {
    const ValidatedCandidate *chosen = t.getChosen();
    ASSERT_TRUE(chosen) << t.name;
    // The default is among the candidates; the chosen one re-timed fastest
    // and not slower than the default.
    auto def = llvm::find_if(
        t.validated, [](const ValidatedCandidate &v) { return v.isDefault; });
    ASSERT_NE(def, t.validated.end());
    for (const ValidatedCandidate &v : t.validated)
      EXPECT_LE(chosen->retimedSeconds, v.retimedSeconds);
    EXPECT_LE(chosen->retimedSeconds, def->retimedSeconds);
    // The search's best re-timed slowest, so the winner changed, and the
    // annotation is the chosen config.
    EXPECT_TRUE(t.validationChangedWinner);
    EXPECT_NE(chosen->searchRank, 0u);
    EXPECT_EQ(t.bestConfig, chosen->config);
    EXPECT_TRUE(llvm::is_contained(annotated, chosen->config));
  }
}

TEST_F(TuningLoopTest, OptionsAreCheckedOnce) {
  OwningOpRef<ModuleOp> m = parse();
  std::vector<std::string> errors;
  ScopedDiagnosticHandler collect(&ctx, [&](Diagnostic &d) {
    errors.push_back(d.str());
    return success();
  });
  TuningOptions o = fakeOptions();
  o.measure.timeout = 0;
  o.measure.repeats = 0;
  o.budget.trials = kMaxTrials + 1;
  o.measure.memoryLimitMB = 1;
  o.search.policy = "magic";
  EXPECT_TRUE(failed(verifyTuningOptions(o, m->getLoc())));
  EXPECT_EQ(errors.size(), 5u);
  errors.clear();
  o = fakeOptions();
  o.measure.timeout = std::nan("");
  EXPECT_TRUE(failed(verifyTuningOptions(o, m->getLoc())));
  EXPECT_EQ(errors.size(), 1u);
}
