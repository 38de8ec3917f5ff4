//===- FeaturesTest.cpp - features of scheduled candidates ----------------===//
//
// Features extracted from real sketches applied to a matmul task: they are
// finite, one per name, they tell schedules apart, and the ones with a
// closed form (vector width, parallel extent, padding waste, the knob
// slots) have the value the schedule implies.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/CostModel/Features.h"

#include "TestHooks.h"
#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"
#include "Tuner/Tuner/Task/TaskModule.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
class FeaturesTest : public ::testing::Test {
protected:
  FeaturesTest() {
    DialectRegistry registry;
    // test.fail_to_apply (FailureGivesNoFeatures) is a test-library sketch.
    test::registerTestHooks(registry);
    registerSketchDependencies(registry);
    registry.insert<func::FuncDialect, sched::SchedDialect>();
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    target = cast<sched::TargetAttr>(parseAttribute(
        "#sched.target<kind = cpu, arch = \"x86-64-v4\", cores = 2, "
        "vector_bits = 512, l1 = 32768, l2 = 1048576, l3 = 33554432>",
        &ctx));
  }

  /// The task module of the matmul (with fill) in `text`.
  OwningOpRef<ModuleOp> taskModule(StringRef text) {
    source = parseSourceString<ModuleOp>(text, &ctx);
    EXPECT_TRUE(source);
    std::vector<Task> tasks = extractTasks(*source);
    EXPECT_EQ(tasks.size(), 1u);
    return buildTaskModule(tasks.front().occurrences.front(), "task",
                           &tasks.front());
  }

  /// The task module of a bf16 x bf16 -> f32 matmul (with fill) of m x k
  /// by k x n.
  OwningOpRef<ModuleOp> bf16MatmulModule(int64_t m, int64_t n, int64_t k) {
    std::string a = "tensor<" + std::to_string(m) + "x" + std::to_string(k) +
                    "xbf16>",
                b = "tensor<" + std::to_string(k) + "x" + std::to_string(n) +
                    "xbf16>",
                c = "tensor<" + std::to_string(m) + "x" + std::to_string(n) +
                    "xf32>";
    return taskModule(
        "func.func @mm(%a: " + a + ", %b: " + b + ") -> " + c +
        " {\n  %zero = arith.constant 0.0 : f32\n  %e = "
        "tensor.empty() : " +
        c + "\n  %f = linalg.fill ins(%zero : f32) outs(%e : " + c + ") -> " +
        c + "\n  %r = linalg.matmul ins(%a, %b : " + a + ", " + b +
        ") outs(%f : " + c + ") -> " + c + "\n  return %r : " + c + "\n}");
  }

  /// An H100's sm_90 target.
  sched::TargetAttr sm90Target() {
    return cast<sched::TargetAttr>(parseAttribute(
        "#sched.target<kind = cuda, arch = \"sm_90\", sms = 132, "
        "max_threads_per_block = 1024, shared_memory_per_block = 49152, "
        "registers_per_sm = 65536, warp_size = 32>",
        &ctx));
  }

  /// The features of `module` on sm90Target() under gpu.contraction_mma
  /// with `knobs` (the text between the braces of the config's knobs).
  FeatureVector mmaFeatures(ModuleOp module, const std::string &knobs) {
    auto config = cast<sched::ConfigAttr>(
        parseAttribute("#sched.config<sketch = \"gpu.contraction_mma\", "
                       "knobs = {" +
                           knobs + "}>",
                       &ctx));
    std::string error;
    FeatureVector f = featurizeConfig(module, sm90Target(), config, error);
    EXPECT_EQ(f.size(), getNumFeatures()) << error;
    return f;
  }

  FeatureVector features(ModuleOp module, StringRef config) {
    auto attr = cast<sched::ConfigAttr>(parseAttribute(config, &ctx));
    std::string error;
    FeatureVector f = featurizeConfig(module, target, attr, error);
    EXPECT_FALSE(f.empty()) << error;
    return f;
  }

  float get(const FeatureVector &f, StringRef name) {
    ArrayRef<std::string> names = getFeatureNames();
    auto it = llvm::find(names, name.str());
    EXPECT_NE(it, names.end()) << name.str();
    return f[it - names.begin()];
  }

  static float log2p(double x) { return float(std::log2(x + 1)); }

  MLIRContext ctx;
  sched::TargetAttr target;
  OwningOpRef<ModuleOp> source;
};

constexpr const char *kMatmul = R"(
func.func @mm(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
})";

constexpr const char *kOdd = R"(
func.func @odd(%a: tensor<50x50xf32>, %b: tensor<50x50xf32>, %c: tensor<50x50xf32>) -> tensor<50x50xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<50x50xf32>, tensor<50x50xf32>) outs(%c : tensor<50x50xf32>) -> tensor<50x50xf32>
  return %r : tensor<50x50xf32>
})";
} // namespace

TEST_F(FeaturesTest, OneFiniteValuePerName) {
  OwningOpRef<ModuleOp> m = taskModule(kMatmul);
  FeatureVector f = features(
      *m, "#sched.config<sketch = \"cpu.contraction\", knobs = {contract = "
          "\"outerproduct\", k1 = 32, k2 = 1, m1 = 32, m2 = 8, ms = 32, "
          "n1 = 128, n2 = 32, ns = 128, unroll = 1}>");
  ASSERT_EQ(f.size(), getNumFeatures());
  for (float x : f)
    EXPECT_TRUE(std::isfinite(x));
  // Names are unique.
  llvm::StringSet<> names;
  for (const std::string &n : getFeatureNames())
    EXPECT_TRUE(names.insert(n).second) << n;
}

TEST_F(FeaturesTest, ClosedFormFeatures) {
  OwningOpRef<ModuleOp> m = taskModule(kMatmul);
  // 4 x 1 parallel tiles; 8 x 32 register tile of 2 x 16-lane FMAs per row.
  FeatureVector a = features(
      *m, "#sched.config<sketch = \"cpu.contraction\", knobs = {contract = "
          "\"outerproduct\", k1 = 32, k2 = 1, m1 = 32, m2 = 8, ms = 32, "
          "n1 = 128, n2 = 32, ns = 128, unroll = 1}>");
  EXPECT_FLOAT_EQ(get(a, "parallel_extent"), log2p(4));
  EXPECT_FLOAT_EQ(get(a, "parallel_wave_efficiency"), 1.0f);
  EXPECT_FLOAT_EQ(get(a, "hot_vector_lanes"), log2p(32));
  EXPECT_FLOAT_EQ(get(a, "vector_flops_fraction"), 1.0f);
  EXPECT_NEAR(get(a, "work_over_task_flops"), 1.0f, 0.02f);
  EXPECT_FLOAT_EQ(get(a, "sketch_is_cpu.contraction"), 1.0f);
  EXPECT_FLOAT_EQ(get(a, "sketch_is_cpu.fallback"), 0.0f);

  // 8 x 8 parallel tiles (three waves on 2 cores, one of them incomplete is
  // impossible here: 64 / 2 = 32 whole waves), a 4-row register tile.
  FeatureVector b = features(
      *m, "#sched.config<sketch = \"cpu.contraction\", knobs = {contract = "
          "\"outerproduct\", k1 = 16, k2 = 1, m1 = 16, m2 = 4, ms = 16, "
          "n1 = 16, n2 = 16, ns = 16, unroll = 2}>");
  EXPECT_FLOAT_EQ(get(b, "parallel_extent"), log2p(64));
  EXPECT_FLOAT_EQ(get(b, "hot_vector_lanes"), log2p(16));
  EXPECT_NE(a, b);
  // More FMAs per innermost iteration with the larger register tile.
  EXPECT_GT(get(a, "hot_flops_per_innermost_iteration"),
            get(b, "hot_flops_per_innermost_iteration"));
}

TEST_F(FeaturesTest, PaddingWasteAndScalarWork) {
  OwningOpRef<ModuleOp> m = taskModule(kOdd);
  // 50 rows in blocks of 8, 50 columns in one block of 64, 50 deep in
  // blocks of 48: the padded blocks compute 56 x 64 x 96 instead of
  // 50 x 50 x 50.
  FeatureVector padded = features(
      *m, "#sched.config<sketch = \"cpu.contraction_padded\", knobs = {k1 = "
          "48, k2 = 1, m1 = 8, m2 = 8, n1 = 64, n2 = 32, unroll = 1}>");
  EXPECT_GT(get(padded, "work_over_task_flops"), 1.3f);
  EXPECT_GT(get(padded, "copy_bytes"), 0.0f);
  // The fallback leaves the matmul tiles as linalg ops: scalar work only.
  FeatureVector fallback = features(
      *m, "#sched.config<sketch = \"cpu.fallback\", knobs = {p1 = 10}>");
  EXPECT_FLOAT_EQ(get(fallback, "vector_flops_fraction"), 0.0f);
  EXPECT_GT(get(fallback, "scalar_flops"), 0.0f);
  EXPECT_FLOAT_EQ(get(fallback, "parallel_extent"), log2p(5));
}

TEST_F(FeaturesTest, FailureGivesNoFeatures) {
  OwningOpRef<ModuleOp> m = taskModule(kMatmul);
  auto attr = cast<sched::ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"test.fail_to_apply\", knobs = {x = 4}>", &ctx));
  std::string error;
  EXPECT_TRUE(featurizeConfig(*m, target, attr, error).empty());
  EXPECT_FALSE(error.empty());
  attr = cast<sched::ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"cpu.nonexistent\", knobs = {}>", &ctx));
  EXPECT_TRUE(featurizeConfig(*m, target, attr, error).empty());
  EXPECT_NE(error.find("unknown sketch"), std::string::npos);
}

TEST_F(FeaturesTest, GPULaunchShape) {
  OwningOpRef<ModuleOp> m = taskModule(kMatmul);
  auto cuda = sm90Target();
  // 2 x 2 blocks of 64 x 64, 16 x 16 threads of 4 x 4 outputs each, A and B
  // tiles of 64 x 16 and 16 x 64 floats staged: 8 KiB of shared memory.
  auto config = cast<sched::ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"gpu.contraction\", knobs = {bk = 16, "
      "bm = 64, bn = 64, threads = \"16x16\"}>",
      &ctx));
  std::string error;
  FeatureVector f = featurizeConfig(*m, cuda, config, error);
  ASSERT_EQ(f.size(), getNumFeatures()) << error;
  EXPECT_FLOAT_EQ(get(f, "gpu_threads_per_block"), log2p(256));
  EXPECT_FLOAT_EQ(get(f, "gpu_blocks"), log2p(4));
  EXPECT_FLOAT_EQ(get(f, "gpu_shared_bytes"), log2p(8192));
  EXPECT_FLOAT_EQ(get(f, "target_sms"), log2p(132));
  EXPECT_FLOAT_EQ(get(f, "sketch_is_gpu.contraction"), 1.0f);
  // 256 threads of 32 + 2 x 16 registers: 4 blocks fit an SM (65536 / 16384),
  // half of its 2048 threads; 4 blocks fill a fraction of one wave.
  EXPECT_FLOAT_EQ(get(f, "gpu_occupancy"), 0.5f);
  EXPECT_NEAR(get(f, "gpu_waves"), 4.0 / (4 * 132), 1e-6);
  // Nothing of this on a CPU target.
  FeatureVector cpu = features(
      *m, "#sched.config<sketch = \"cpu.contraction\", knobs = {contract = "
          "\"outerproduct\", k1 = 32, k2 = 1, m1 = 32, m2 = 8, ms = 32, "
          "n1 = 128, n2 = 32, ns = 128, unroll = 1}>");
  EXPECT_FLOAT_EQ(get(cpu, "gpu_threads_per_block"), 0.0f);
  EXPECT_FLOAT_EQ(get(cpu, "gpu_occupancy"), 0.0f);

  // Estimated resources until ptxas reports: 64 registers, no spill.
  EXPECT_FLOAT_EQ(get(f, "gpu_registers_per_thread"), log2p(64));
  EXPECT_FLOAT_EQ(get(f, "gpu_spill_bytes"), 0.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_resources_measured"), 0.0f);
  // ptxas says 128 registers and 16 spilled bytes: 2 blocks of 256 threads
  // fit the 65536 registers of an SM, a quarter of its threads.
  cuda::KernelResources r;
  r.registers = 128;
  r.spillStores = 8;
  r.spillLoads = 8;
  r.sharedBytes = 8192;
  r.threadsPerBlock = 256;
  applyMeasuredResources(f, cuda, r);
  EXPECT_FLOAT_EQ(get(f, "gpu_registers_per_thread"), log2p(128));
  EXPECT_FLOAT_EQ(get(f, "gpu_spill_bytes"), log2p(16));
  EXPECT_FLOAT_EQ(get(f, "gpu_resources_measured"), 1.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_occupancy"), 0.25f);
  EXPECT_NEAR(get(f, "gpu_waves"), 4.0 / (2 * 132), 1e-5);
  // Nothing changes for a CPU target.
  FeatureVector before = cpu;
  applyMeasuredResources(cpu, target, r);
  EXPECT_EQ(cpu, before);
}

TEST_F(FeaturesTest, TensorCoreKernel) {
  OwningOpRef<ModuleOp> m = bf16MatmulModule(128, 128, 64);
  // 2 x 2 blocks of 64 x 64, 2 x 2 warps of 32 x 32 (2 A fragments, 4 mma
  // tiles, 32 accumulators), K by 32 in 3 stages of 8 KiB.
  FeatureVector f =
      mmaFeatures(*m, "bk = 32, bm = 64, bn = 64, stages = 3, warps = \"2x2\"");
  ASSERT_EQ(f.size(), getNumFeatures());
  auto cuda = sm90Target();
  std::string error;
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_kernel"), 1.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_threads_per_block"), log2p(128));
  EXPECT_FLOAT_EQ(get(f, "gpu_blocks"), log2p(4));
  EXPECT_FLOAT_EQ(get(f, "gpu_shared_bytes"), log2p(24576));
  EXPECT_FLOAT_EQ(get(f, "gpu_registers_per_thread"), log2p(40 + 1.6 * 32));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_warp_tile_m"), log2p(32));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_warp_tile_n"), log2p(32));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_k_tile"), log2p(32));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_stages"), 3.0f);
  // (2 A + 4 / 2 B ldmatrix) / 8 mma per 16-deep step.
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_ldmatrix_per_mma"), 0.5f);
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_global_bytes_per_flop"),
                  128.0f * 2 / (2 * 64 * 64));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_barriers"), log2p(2));
  // 128 threads of 91 registers: 5 blocks by registers, 9 by shared memory
  // (4.5 x 48 KiB / 24 KiB): 2 stages of 8 KiB in flight per block.
  EXPECT_FLOAT_EQ(get(f, "gpu_occupancy"), 5 * 128 / 2048.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_bytes_in_flight"), log2p(2 * 8192.0 * 5));
  // ptxas reports the 1-byte symbol of the dynamic shared memory: the
  // stages still count.
  cuda::KernelResources r;
  r.registers = 96;
  r.sharedBytes = 1;
  r.threadsPerBlock = 128;
  applyMeasuredResources(f, cuda, r);
  EXPECT_FLOAT_EQ(get(f, "gpu_shared_bytes"), log2p(24576));
  // A CUDA-core schedule has none of it.
  auto other = cast<sched::ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"gpu.contraction\", knobs = {bk = 16, "
      "bm = 64, bn = 64, threads = \"16x16\"}>",
      &ctx));
  FeatureVector g = featurizeConfig(*m, cuda, other, error);
  ASSERT_EQ(g.size(), getNumFeatures()) << error;
  EXPECT_FLOAT_EQ(get(g, "gpu_tc_kernel"), 0.0f);
  EXPECT_FLOAT_EQ(get(g, "gpu_tc_stages"), 0.0f);
}

TEST_F(FeaturesTest, BlockRaster) {
  // 64 x 64 blocks of 128 x 128: a wave of W resident blocks reads about
  // ceil(W / 64) block rows of A and every block column of B in launch
  // order; in groups of 8 block rows, 8 rows and ceil(W / 8) columns.
  OwningOpRef<ModuleOp> m = bf16MatmulModule(8192, 8192, 64);
  auto panelBytes = [&](int64_t raster, float &waveBlocks) {
    FeatureVector f = mmaFeatures(
        *m, "bk = 32, bm = 128, bn = 128, raster = " + std::to_string(raster) +
                ", stages = 2, warps = \"2x2\"");
    waveBlocks = get(f, "gpu_occupancy") * 2048 / 128 * 132;
    return get(f, "gpu_tc_wave_panel_bytes");
  };
  float w = 0;
  float launchOrder = panelBytes(1, w);
  ASSERT_GT(w, 8 * 1) << "a wave of at least 8 blocks";
  ASSERT_LT(w, 8 * 64) << "a wave within one group of 8 block rows";
  double panel = 128.0 * 64 * 2;
  EXPECT_FLOAT_EQ(launchOrder, log2p((std::ceil(w / 64) + 64) * panel));
  float grouped = panelBytes(8, w);
  EXPECT_FLOAT_EQ(grouped, log2p((8 + std::ceil(w / 8)) * panel));
  EXPECT_LT(grouped, launchOrder);
}

TEST_F(FeaturesTest, SplitK) {
  // 64 x 256 x 4096 in blocks of 32 x 64: 8 blocks with K whole, 32 in 4
  // slices of 1024, whose 4 x 64 x 256 f32 partial products are written
  // and read back once.
  OwningOpRef<ModuleOp> m = bf16MatmulModule(64, 256, 4096);
  auto featurize = [&](int64_t splitK) {
    return mmaFeatures(
        *m, "bk = 32, bm = 32, bn = 64, split_k = " + std::to_string(splitK) +
                ", stages = 3, warps = \"1x2\"");
  };
  FeatureVector whole = featurize(1), split = featurize(4);
  ASSERT_EQ(split.size(), getNumFeatures());
  EXPECT_EQ(get(whole, "gpu_split_k"), 0);
  EXPECT_EQ(get(whole, "gpu_split_partial_bytes"), 0);
  EXPECT_FLOAT_EQ(get(whole, "gpu_blocks"), log2p(8));
  EXPECT_FLOAT_EQ(get(split, "gpu_split_k"), log2p(4));
  EXPECT_FLOAT_EQ(get(split, "gpu_split_partial_bytes"),
                  log2p(2.0 * 4 * 64 * 256 * 4));
  EXPECT_FLOAT_EQ(get(split, "gpu_blocks"), log2p(32));
  // The block's matmul is a quarter of K: a quarter of the barriers.
  EXPECT_FLOAT_EQ(get(split, "gpu_tc_barriers"), log2p(1024 / 32));
  EXPECT_FLOAT_EQ(get(whole, "gpu_tc_barriers"), log2p(4096 / 32));
}

TEST_F(FeaturesTest, WgmmaKernel) {
  OwningOpRef<ModuleOp> m = bf16MatmulModule(256, 256, 128);
  auto hopper = cast<sched::TargetAttr>(parseAttribute(
      "#sched.target<kind = cuda, arch = \"sm_90a\", sms = 132, "
      "max_threads_per_block = 1024, shared_memory_per_block = 232448, "
      "registers_per_sm = 65536, warp_size = 32>",
      &ctx));
  // 2 x 2 blocks of 128 x 128 on 2 x 1 warpgroups of 64 x 128 (64
  // accumulators per thread), K by 64 in 3 stages of 32 KiB.
  auto config = cast<sched::ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"gpu.contraction_wgmma\", knobs = {bk = 64, "
      "bm = 128, bn = 128, stages = 3, warpgroups = \"2x1\"}>",
      &ctx));
  std::string error;
  FeatureVector f = featurizeConfig(*m, hopper, config, error);
  ASSERT_EQ(f.size(), getNumFeatures()) << error;
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_kernel"), 2.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_threads_per_block"), log2p(256));
  EXPECT_FLOAT_EQ(get(f, "gpu_blocks"), log2p(4));
  // The stages and the 1 KiB the kernel may skip to align them.
  EXPECT_FLOAT_EQ(get(f, "gpu_shared_bytes"),
                  log2p(3 * (128 + 128) * 64 * 2 + 1024));
  EXPECT_FLOAT_EQ(get(f, "gpu_registers_per_thread"), log2p(26 + 64));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_warp_tile_m"), log2p(64));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_warp_tile_n"), log2p(128));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_k_tile"), log2p(64));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_stages"), 3.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_ldmatrix_per_mma"), 0.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_global_bytes_per_flop"),
                  256.0f * 2 / (2 * 128 * 128));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_barriers"), log2p(2));
  // 2 blocks of 256 threads fit an SM (by shared memory and registers):
  // 2 stages of 32 KiB in flight per block.
  EXPECT_FLOAT_EQ(get(f, "gpu_occupancy"), 2 * 256 / 2048.0f);
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_bytes_in_flight"), log2p(2 * 32768.0 * 2));
}

TEST_F(FeaturesTest, SimtKernel) {
  OwningOpRef<ModuleOp> m = taskModule(kMatmul);
  auto cuda = sm90Target();
  // 2 x 2 blocks of 64 x 64, 8 x 8 threads of 8 x 8, K by 16 in 2 stages
  // of 8 KiB.
  auto config = cast<sched::ConfigAttr>(parseAttribute(
      "#sched.config<sketch = \"gpu.contraction_simt\", knobs = {bk = 16, "
      "bm = 64, bn = 64, stages = 2, threads = \"8x8\"}>",
      &ctx));
  std::string error;
  FeatureVector f = featurizeConfig(*m, cuda, config, error);
  ASSERT_EQ(f.size(), getNumFeatures()) << error;
  EXPECT_FLOAT_EQ(get(f, "gpu_threads_per_block"), log2p(64));
  EXPECT_FLOAT_EQ(get(f, "gpu_blocks"), log2p(4));
  EXPECT_FLOAT_EQ(get(f, "gpu_shared_bytes"), log2p(16384));
  EXPECT_FLOAT_EQ(get(f, "gpu_registers_per_thread"),
                  log2p(2 * 64 + 4 * 8 + 24));
  EXPECT_FLOAT_EQ(get(f, "gpu_tc_kernel"), 0.0f);
}
