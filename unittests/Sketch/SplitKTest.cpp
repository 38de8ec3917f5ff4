//===- SplitKTest.cpp - the split_k knob of the pipelined GPU matmuls -----===//
//
// gpu.contraction_mma and gpu.contraction_simt cut K into slices computed by
// blocks of their own where the grid of block tiles leaves SMs idle: the
// knob's options, its constraints, the default and the suggestions.
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

using namespace mlir;
using namespace mlir::tuner;

namespace {

constexpr const char *kCUDA =
    "#sched.target<kind = cuda, arch = \"sm_90\", sms = 132, "
    "max_threads_per_block = 1024, shared_memory_per_block = 49152, "
    "registers_per_sm = 65536, warp_size = 32>";

class SplitKTest : public ::testing::Test {
protected:
  SplitKTest() {
    DialectRegistry registry;
    registerSketchDependencies(registry);
    registry.insert<func::FuncDialect, sched::SchedDialect>();
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// The instance of `sketch` for an M x N x K matmul of `element` inputs
  /// (f32 results) on kCUDA.
  std::unique_ptr<SketchInstance> instance(int64_t m, int64_t n, int64_t k,
                                           StringRef element,
                                           StringRef sketch) {
    std::string a = "tensor<" + std::to_string(m) + "x" + std::to_string(k) +
                    "x" + element.str() + ">";
    std::string b = "tensor<" + std::to_string(k) + "x" + std::to_string(n) +
                    "x" + element.str() + ">";
    std::string c =
        "tensor<" + std::to_string(m) + "x" + std::to_string(n) + "xf32>";
    std::string text =
        "func.func @mm(%a: " + a + ", %b: " + b + ") -> " + c +
        " {\n  %z = arith.constant 0.0 : f32\n  %e = "
        "tensor.empty() : " +
        c + "\n  %f = linalg.fill ins(%z : f32) outs(%e : " + c + ") -> " + c +
        "\n  %r = linalg.matmul ins(%a, %b : " + a + ", " + b +
        ") outs(%f : " + c + ") -> " + c + "\n  return %r : " + c + "\n}\n";
    module = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(module);
    tasks = extractTasks(*module);
    EXPECT_EQ(tasks.size(), 1u);
    auto target = cast<sched::TargetAttr>(parseAttribute(kCUDA, &ctx));
    std::string error;
    auto created = instantiateSketch(sketch, tasks.front().occurrences.front(),
                                     target, error);
    EXPECT_TRUE(succeeded(created)) << error;
    return succeeded(created) ? std::move(*created) : nullptr;
  }

  /// The point of `inst` with these knob values (the others at default).
  KnobChoice point(const SketchInstance &inst,
                   ArrayRef<std::pair<StringRef, int64_t>> values) {
    KnobChoice c = inst.getDefault();
    for (auto [name, value] : values) {
      const Knob &knob = inst.getKnob(name);
      unsigned i = knob.findNearest(value);
      EXPECT_EQ(knob.getInt(i), value) << name.str();
      c[inst.getKnobIndex(name)] = i;
    }
    return c;
  }

  static int64_t get(const SketchInstance &inst, const KnobChoice &c,
                     StringRef name) {
    return KnobValues(inst.getKnobs(), c).getInt(name);
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  std::vector<Task> tasks;
};

TEST_F(SplitKTest, OptionsAndConstraints) {
  // K = 1536 = 16 x 96: every factor up to 16 leaves slices of whole
  // 16-deep mma.sync steps; configs without the knob mean 1.
  auto inst = instance(64, 256, 1536, "bf16", "gpu.contraction_mma");
  ASSERT_TRUE(inst);
  const Knob &split = inst->getKnob("split_k");
  EXPECT_EQ(inst->getIntOptions("split_k"),
            (SmallVector<int64_t>{1, 2, 4, 8, 16}));
  ASSERT_TRUE(split.absentOption);
  EXPECT_EQ(split.getInt(*split.absentOption), 1);
  std::string whyNot;
  // 16 slices of 96: a K tile of 32 divides them, one of 64 does not.
  EXPECT_TRUE(succeeded(
      inst->verify(point(*inst, {{"split_k", 16}, {"bk", 32}}), whyNot)))
      << whyNot;
  EXPECT_TRUE(failed(
      inst->verify(point(*inst, {{"split_k", 16}, {"bk", 64}}), whyNot)));
  EXPECT_NE(whyNot.find("must divide each of the 16 slices"), std::string::npos)
      << whyNot;
  // The block order renumbers 2-D grids only.
  EXPECT_TRUE(failed(inst->verify(
      point(*inst, {{"split_k", 2}, {"bk", 32}, {"raster", 2}}), whyNot)));
  EXPECT_NE(whyNot.find("2-D grids"), std::string::npos) << whyNot;

  // K = 24 (f32, 8-deep steps): no factor but 1 leaves whole steps.
  auto simt = instance(64, 64, 24, "f32", "gpu.contraction_simt");
  ASSERT_TRUE(simt);
  EXPECT_EQ(simt->getIntOptions("split_k"), (SmallVector<int64_t>{1}));
}

TEST_F(SplitKTest, DefaultsSplitOnlyStarvedGrids) {
  // 16 x 128 x 1024: 4 blocks of 16 x 32, fewer than 132 / 4; 2 slices of
  // 512 (4 would be 256 deep).
  auto small = instance(16, 128, 1024, "bf16", "gpu.contraction_mma");
  ASSERT_TRUE(small);
  KnobChoice d = small->getDefault();
  EXPECT_EQ(get(*small, d, "split_k"), 2);
  std::string whyNot;
  EXPECT_TRUE(succeeded(small->verify(d, whyNot))) << whyNot;
  // 32 x 256 x 8192: 8 blocks of 32 x 32; the fewest slices (all at
  // least 512 deep) that give a quarter of the SMs a block: 8 (64 blocks;
  // 4 would make 32, one short of 132 / 4).
  auto deep = instance(32, 256, 8192, "bf16", "gpu.contraction_mma");
  ASSERT_TRUE(deep);
  KnobChoice dd = deep->getDefault();
  int64_t blocks = (32 / get(*deep, dd, "bm")) * (256 / get(*deep, dd, "bn"));
  EXPECT_EQ(blocks, 8);
  EXPECT_EQ(get(*deep, dd, "split_k"), 8);
  // The LLaMA projection (172 blocks) and 4096^3 keep K whole.
  for (auto [m, n, k] : {std::tuple<int64_t, int64_t, int64_t>{32, 11008, 4096},
                         {4096, 4096, 4096}}) {
    auto inst = instance(m, n, k, "bf16", "gpu.contraction_mma");
    ASSERT_TRUE(inst);
    EXPECT_EQ(get(*inst, inst->getDefault(), "split_k"), 1) << m << "x" << n;
  }
  // The f32 CUDA-core kernel's default does the same.
  auto simt = instance(32, 256, 2048, "f32", "gpu.contraction_simt");
  ASSERT_TRUE(simt);
  EXPECT_GT(get(*simt, simt->getDefault(), "split_k"), 1);
}

TEST_F(SplitKTest, SuggestionsAddSplitVariants) {
  // 64 x 512 x 4096: the suggested tiles make 16 to 32 blocks; each comes
  // with a split variant that gives every SM a block where the slices
  // allow it, and every suggestion is valid.
  auto inst = instance(64, 512, 4096, "bf16", "gpu.contraction_mma");
  ASSERT_TRUE(inst);
  SmallVector<KnobChoice> points = inst->getSuggestions();
  int split = 0;
  for (const KnobChoice &c : points) {
    std::string whyNot;
    EXPECT_TRUE(succeeded(inst->verify(c, whyNot))) << whyNot;
    split += get(*inst, c, "split_k") > 1;
  }
  EXPECT_GE(split, 3);
  EXPECT_LT(split, static_cast<int>(points.size()));
}

} // namespace
