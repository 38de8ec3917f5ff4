//===- SchedAttrsTest.cpp - sched attribute construction and parsing ------===//
//
// The verifiers of #sched.target/#sched.task/#sched.config through the C++
// builders (getChecked), and parse/print round trips.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <functional>

using namespace mlir;
using namespace mlir::sched;

namespace {
class SchedAttrsTest : public ::testing::Test {
protected:
  SchedAttrsTest() {
    ctx.loadDialect<SchedDialect>();
    // Diagnostics of failing getChecked calls are expected; keep them quiet.
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &ctx, [this](Diagnostic &d) {
          lastError = d.str();
          return success();
        });
  }

  // Typed wrappers: with literal arguments the variadic getChecked of the
  // storage base class would be picked instead of the generated one.
  TaskAttr task(StringRef key, int64_t weight, int64_t flops) {
    return TaskAttr::getChecked(emit(), &ctx, key, weight, flops);
  }
  ConfigAttr config(StringRef sketch, DictionaryAttr knobs) {
    return ConfigAttr::getChecked(emit(), &ctx, sketch, knobs);
  }
  TargetAttr target(TargetKind kind, StringRef arch, ArrayRef<int64_t> p,
                    StringRef features = "") {
    return TargetAttr::getChecked(emit(), &ctx, kind, arch, p[0], p[1], p[2],
                                  p[3], p[4], features, p[5], p[6], p[7], p[8],
                                  p[9]);
  }
  function_ref<InFlightDiagnostic()> emit() { return emitFn; }

  std::string print(Attribute attr) {
    std::string s;
    llvm::raw_string_ostream os(s);
    attr.print(os);
    return s;
  }

  MLIRContext ctx;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
  std::string lastError;
  std::function<InFlightDiagnostic()> emitFn = [this] {
    return emitError(UnknownLoc::get(&ctx));
  };
};
} // namespace

TEST_F(SchedAttrsTest, TaskVerifier) {
  EXPECT_TRUE(task("00ff12ab", 2, 100));
  EXPECT_FALSE(task("", 1, 1));
  EXPECT_FALSE(task("xyz", 1, 1));
  EXPECT_FALSE(task("ab", 0, 1));
  EXPECT_NE(lastError.find("weight"), std::string::npos);
  EXPECT_FALSE(task("ab", 1, -5));
}

TEST_F(SchedAttrsTest, ConfigVerifier) {
  Builder b(&ctx);
  auto knobs = [&](Attribute v) {
    return b.getDictionaryAttr({b.getNamedAttr("m1", v)});
  };
  EXPECT_TRUE(config("cpu.matmul", knobs(b.getI64IntegerAttr(64))));
  EXPECT_TRUE(config("cpu.matmul", knobs(b.getStringAttr("dot"))));
  EXPECT_FALSE(config("cpu.matmul", knobs(b.getI64IntegerAttr(-8))));
  EXPECT_NE(lastError.find("non-negative"), std::string::npos);
  EXPECT_FALSE(config("cpu.matmul", knobs(b.getUnitAttr())));
  EXPECT_NE(lastError.find("has no value"), std::string::npos);
  EXPECT_FALSE(config("cpu.matmul", knobs(b.getF32FloatAttr(1.0))));
  EXPECT_FALSE(config("", knobs(b.getI64IntegerAttr(1))));
}

TEST_F(SchedAttrsTest, ConfigAccessors) {
  auto attr = dyn_cast_or_null<ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"cpu.matmul\", knobs = {m1 = 64, "
      "contract = \"outerproduct\"}>",
      &ctx));
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getInt("m1"), 64);
  EXPECT_EQ(attr.getInt("contract"), std::nullopt);
  EXPECT_EQ(attr.getString("contract"), StringRef("outerproduct"));
  EXPECT_EQ(attr.getInt("missing"), std::nullopt);
  // Printed without integer types, knobs sorted by name.
  EXPECT_EQ(print(attr), "#sched.config<sketch = \"cpu.matmul\", knobs = "
                         "{contract = \"outerproduct\", m1 = 64}>");
}

TEST_F(SchedAttrsTest, TargetVerifier) {
  auto cpu = target(TargetKind::cpu, "znver4",
                    {2, 512, 32768, 1 << 20, 32 << 20, 0, 0, 0, 0, 0});
  ASSERT_TRUE(cpu);
  EXPECT_EQ(cpu.getVectorLanes(32), 16);
  EXPECT_EQ(cpu.getShortName(), "cpu:znver4");
  // A CUDA parameter on a CPU target.
  EXPECT_FALSE(target(TargetKind::cpu, "", {2, 512, 0, 0, 0, 0, 0, 0, 0, 32}));
  // Vector width must be a power of two.
  EXPECT_FALSE(target(TargetKind::cpu, "", {2, 384, 0, 0, 0, 0, 0, 0, 0, 0}));
  auto cuda = target(TargetKind::cuda, "sm_90",
                     {0, 0, 0, 0, 0, 132, 1024, 49152, 65536, 32});
  ASSERT_TRUE(cuda);
  EXPECT_EQ(cuda.getShortName(), "cuda:sm_90");
  EXPECT_FALSE(target(TargetKind::cuda, "gfx90a",
                      {0, 0, 0, 0, 0, 132, 1024, 49152, 65536, 32}));
  // Architecture-specific chips (wgmma on sm_90a) exist from sm_90a on.
  EXPECT_TRUE(target(TargetKind::cuda, "sm_90a",
                     {0, 0, 0, 0, 0, 132, 1024, 49152, 65536, 32}));
  EXPECT_FALSE(target(TargetKind::cuda, "sm_80a",
                      {0, 0, 0, 0, 0, 108, 1024, 49152, 65536, 32}));
  EXPECT_FALSE(target(TargetKind::cuda, "90",
                      {0, 0, 0, 0, 0, 132, 1024, 49152, 65536, 32}));
}

TEST_F(SchedAttrsTest, TargetFeatures) {
  auto bf16 = target(TargetKind::cpu, "sapphirerapids",
                     {2, 512, 0, 0, 0, 0, 0, 0, 0, 0},
                     "amx-bf16,amx-tile,avx512bf16,avx512f");
  ASSERT_TRUE(bf16);
  EXPECT_TRUE(bf16.hasFeature("avx512bf16"));
  EXPECT_TRUE(bf16.hasFeature("amx-tile"));
  EXPECT_FALSE(bf16.hasFeature("avx512"));
  // Without features (an older record's target): nothing is assumed.
  auto plain = target(TargetKind::cpu, "znver4",
                      {2, 512, 0, 0, 0, 0, 0, 0, 0, 0});
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain.hasFeature("avx512bf16"));
  EXPECT_EQ(print(plain).find("features"), std::string::npos);
  // Malformed lists, and features on a CUDA target.
  EXPECT_FALSE(target(TargetKind::cpu, "", {2, 512, 0, 0, 0, 0, 0, 0, 0, 0},
                      "avx2,,fma"));
  EXPECT_FALSE(target(TargetKind::cpu, "", {2, 512, 0, 0, 0, 0, 0, 0, 0, 0},
                      "avx2 fma"));
  EXPECT_FALSE(target(TargetKind::cuda, "sm_90",
                      {0, 0, 0, 0, 0, 132, 1024, 49152, 65536, 32}, "fma"));
}

TEST_F(SchedAttrsTest, RoundTrip) {
  const char *texts[] = {
      "#sched.target<kind = cpu, arch = \"znver4\", cores = 2, vector_bits = "
      "512, l1 = 32768>",
      "#sched.target<kind = cpu, arch = \"sapphirerapids\", cores = 2, "
      "vector_bits = 512, features = \"amx-bf16,avx512bf16\">",
      "#sched.task<key = \"0123456789abcdef\", weight = 4, flops = 1024>",
      "#sched.config<sketch = \"cpu.fallback\", knobs = {}>",
  };
  for (const char *text : texts) {
    Attribute attr = parseAttribute(text, &ctx);
    ASSERT_TRUE(attr) << text;
    EXPECT_EQ(print(attr), text);
  }
}
