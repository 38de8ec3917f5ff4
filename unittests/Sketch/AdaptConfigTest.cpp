//===- AdaptConfigTest.cpp - knob adaptation for transfer-tuning ----------===//
//
// SketchInstance::adaptConfig moves a config recorded for one shape onto the
// space of another: every integer knob to its nearest legal option, a
// string knob to the same option, a missing knob to the default (or, for a
// knob added after configs were recorded, to what its absence meant); a config
// of another sketch, or one whose adaptation breaks a constraint, fails.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::tuner;

namespace {

class AdaptConfigTest : public ::testing::Test {
protected:
  AdaptConfigTest() {
    DialectRegistry registry;
    registerSketchDependencies(registry);
    registry.insert<func::FuncDialect, sched::SchedDialect>();
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// The instance of `sketch` for the only task of `text` on `targetText`.
  std::unique_ptr<SketchInstance> instance(StringRef text, StringRef sketch,
                                           StringRef targetText) {
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module);
    tasks = extractTasks(*module);
    EXPECT_EQ(tasks.size(), 1u);
    auto target = cast<sched::TargetAttr>(parseAttribute(targetText, &ctx));
    std::string error;
    auto created = instantiateSketch(sketch, tasks.front().occurrences.front(),
                                     target, error);
    EXPECT_TRUE(succeeded(created)) << error;
    return succeeded(created) ? std::move(*created) : nullptr;
  }

  sched::ConfigAttr config(StringRef text) {
    return cast<sched::ConfigAttr>(parseAttribute(text, &ctx));
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  std::vector<Task> tasks;
};

constexpr const char *kCPU =
    "#sched.target<kind = cpu, arch = \"x86-64-v4\", cores = 2, "
    "vector_bits = 512>";
constexpr const char *kCUDA =
    "#sched.target<kind = cuda, arch = \"sm_90\", sms = 132, "
    "max_threads_per_block = 1024, shared_memory_per_block = 49152, "
    "registers_per_sm = 65536, warp_size = 32>";

/// A 96x192x128 matmul: M = 96 has no divisor 64, N = 192 none of 256.
constexpr const char *kMatmul96 = R"(
func.func @mm(%a: tensor<96x128xf32>, %b: tensor<128x192xf32>) -> tensor<96x192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x192xf32>) -> tensor<96x192xf32>
  %m = linalg.matmul ins(%a, %b : tensor<96x128xf32>, tensor<128x192xf32>)
                     outs(%f : tensor<96x192xf32>) -> tensor<96x192xf32>
  return %m : tensor<96x192xf32>
}
)";

TEST_F(AdaptConfigTest, IntegerKnobsMoveToTheNearestLegalOption) {
  auto inst = instance(kMatmul96, "cpu.contraction", kCPU);
  ASSERT_TRUE(inst);
  // Recorded for a 64x256x128 matmul: m1 = 64 and n1 = 256 are not divisors
  // here; every other value is legal as it is.
  sched::ConfigAttr source = config(
      "#sched.config<sketch = \"cpu.contraction\", knobs = {contract = "
      "\"outerproduct\", k1 = 32, k2 = 1, m1 = 64, m2 = 4, ms = 16, n1 = 256, "
      "n2 = 16, ns = 32, unroll = 2}>");
  std::string error;
  FailureOr<KnobChoice> choice = inst->adaptConfig(source, error);
  ASSERT_TRUE(succeeded(choice)) << error;
  KnobValues values(inst->getKnobs(), *choice);
  for (const Knob &knob : inst->getKnobs()) {
    Attribute recorded = source.getKnobs().get(knob.name);
    if (auto integer = dyn_cast_or_null<IntegerAttr>(recorded)) {
      // The adapted value is the legal option nearest the recorded one.
      int64_t want = integer.getInt(), got = values.getInt(knob.name);
      for (int64_t option : inst->getIntOptions(knob.name))
        EXPECT_LE(std::abs(got - want), std::abs(option - want))
            << knob.name << ": " << got << " is not the nearest to " << want;
    }
  }
  EXPECT_EQ(values.getInt("m1"), 48); // divisors of 96: ..., 48, 96
  EXPECT_EQ(values.getInt("n1"), 192);
  EXPECT_EQ(values.getInt("ms"), 16);
  EXPECT_EQ(values.getInt("unroll"), 2);
  EXPECT_EQ(values.getString("contract"), "outerproduct");
}

TEST_F(AdaptConfigTest, MissingKnobsTakeTheDefault) {
  auto inst = instance(kMatmul96, "cpu.contraction", kCPU);
  ASSERT_TRUE(inst);
  std::string error;
  FailureOr<KnobChoice> choice = inst->adaptConfig(
      config("#sched.config<sketch = \"cpu.contraction\", knobs = {m2 = 4}>"),
      error);
  ASSERT_TRUE(succeeded(choice)) << error;
  KnobChoice defaults = inst->getDefault();
  for (auto [i, knob] : llvm::enumerate(inst->getKnobs()))
    if (knob.name != "m2")
      EXPECT_EQ((*choice)[i], defaults[i]) << knob.name;
  EXPECT_EQ(KnobValues(inst->getKnobs(), *choice).getInt("m2"), 4);
}

/// A 32x1024x64 matmul: B's rows 4 KiB apart, so the default packs B.
constexpr const char *kMatmulWideB = R"(
func.func @mm(%a: tensor<32x64xf32>, %b: tensor<64x1024xf32>) -> tensor<32x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x1024xf32>) -> tensor<32x1024xf32>
  %m = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x1024xf32>)
                     outs(%f : tensor<32x1024xf32>) -> tensor<32x1024xf32>
  return %m : tensor<32x1024xf32>
}
)";

TEST_F(AdaptConfigTest, KnobsAddedLaterTakeWhatTheirAbsenceMeant) {
  auto inst = instance(kMatmulWideB, "cpu.contraction", kCPU);
  ASSERT_TRUE(inst);
  EXPECT_EQ(KnobValues(inst->getKnobs(), inst->getDefault()).getString("pack"),
            "b");
  // Recorded before `pack` existed: B was read in place. Both an exact
  // reading (fromConfig) and an adaptation keep that.
  sched::ConfigAttr old = config(
      "#sched.config<sketch = \"cpu.contraction\", knobs = {contract = "
      "\"outerproduct\", k1 = 64, k2 = 1, m1 = 32, m2 = 8, ms = 32, "
      "n1 = 256, n2 = 32, ns = 256, unroll = 1}>");
  std::string error;
  FailureOr<KnobChoice> exact = inst->fromConfig(old, error);
  ASSERT_TRUE(succeeded(exact)) << error;
  EXPECT_EQ(KnobValues(inst->getKnobs(), *exact).getString("pack"), "none");
  FailureOr<KnobChoice> adapted = inst->adaptConfig(old, error);
  ASSERT_TRUE(succeeded(adapted)) << error;
  EXPECT_EQ(KnobValues(inst->getKnobs(), *adapted).getString("pack"), "none");
}

TEST_F(AdaptConfigTest, AnotherSketchOrABrokenConstraintFails) {
  auto inst = instance(kMatmul96, "cpu.contraction", kCPU);
  ASSERT_TRUE(inst);
  std::string error;
  EXPECT_TRUE(failed(inst->adaptConfig(
      config("#sched.config<sketch = \"cpu.fallback\", knobs = {p1 = 8}>"),
      error)));
  EXPECT_NE(error.find("cpu.fallback"), std::string::npos) << error;
  // ms = 96 does not divide m1 = 48: the adaptation is not a valid point.
  error.clear();
  EXPECT_TRUE(failed(inst->adaptConfig(
      config("#sched.config<sketch = \"cpu.contraction\", knobs = {m1 = 48, "
             "ms = 96}>"),
      error)));
  EXPECT_NE(error.find("violates a constraint"), std::string::npos) << error;
}

TEST_F(AdaptConfigTest, GPUBlockShapesCarryOverWhenLegal) {
  auto inst = instance(kMatmul96, "gpu.contraction", kCUDA);
  ASSERT_TRUE(inst);
  std::string error;
  // 64x64 blocks of 16x16 threads from a larger matmul: bm becomes 48 (the
  // divisor of 96 nearest 64), which 16 rows of threads still divide.
  FailureOr<KnobChoice> moved = inst->adaptConfig(
      config("#sched.config<sketch = \"gpu.contraction\", knobs = {bk = 16, "
             "bm = 64, bn = 64, threads = \"16x16\"}>"),
      error);
  ASSERT_TRUE(succeeded(moved)) << error;
  EXPECT_EQ(KnobValues(inst->getKnobs(), *moved).getInt("bm"), 48);
  EXPECT_EQ(KnobValues(inst->getKnobs(), *moved).getString("threads"), "16x16");
  // 16 rows of threads on blocks of 8 rows break a constraint.
  EXPECT_TRUE(failed(inst->adaptConfig(
      config("#sched.config<sketch = \"gpu.contraction\", knobs = {bk = 16, "
             "bm = 8, bn = 64, threads = \"16x16\"}>"),
      error)));
  EXPECT_NE(error.find("must divide the block tile"), std::string::npos)
      << error;
  // 8x32 threads on 32x64 blocks carry over as they are.
  error.clear();
  FailureOr<KnobChoice> choice = inst->adaptConfig(
      config("#sched.config<sketch = \"gpu.contraction\", knobs = {bk = 16, "
             "bm = 32, bn = 64, threads = \"8x32\"}>"),
      error);
  ASSERT_TRUE(succeeded(choice)) << error;
  KnobValues values(inst->getKnobs(), *choice);
  EXPECT_EQ(values.getInt("bm"), 32);
  EXPECT_EQ(values.getInt("bn"), 64);
  EXPECT_EQ(values.getString("threads"), "8x32");
}

} // namespace
