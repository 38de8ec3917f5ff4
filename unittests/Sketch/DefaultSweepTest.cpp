//===- DefaultSweepTest.cpp - every sketch's default is a valid config ----===//
//
// A default config that violates its own sketch's constraints makes a whole
// model fail to compile (ResNet-50's 1x1000x2048 classifier once did). This
// sweep instantiates every sketch that applies to ops of many shapes (1 to
// 1024, primes, 1 x N, N x 1, batches) and kinds on CPU and CUDA targets,
// checks that each sketch's default passes verify(), materializes a sample
// of them through the transform interpreter, and lowers a smaller sample to
// the LLVM dialect (CPU) or to PTX (CUDA, tuner-lower-gpu with LLVM's NVPTX
// backend; test/Integration/GPU/odd-shapes-ptxas.test runs ptxas on such
// kernels where the toolkit exists).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tuner;

namespace {

constexpr const char *kTargets[] = {
    "#sched.target<kind = cpu, arch = \"x86-64-v4\", cores = 2, "
    "vector_bits = 512, l1 = 49152, l2 = 2097152>",
    "#sched.target<kind = cpu, arch = \"x86-64-v3\", cores = 1, "
    "vector_bits = 256>",
    "#sched.target<kind = cuda, arch = \"sm_90\", sms = 132, "
    "max_threads_per_block = 1024, shared_memory_per_block = 49152, "
    "registers_per_sm = 65536, warp_size = 32>",
};

std::string tensorType(ArrayRef<int64_t> shape, StringRef elt = "f32") {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + elt.str() + ">";
}

/// A function computing `body` (which defines %r of type `result`) from
/// arguments of the given types.
std::string function(ArrayRef<std::string> args, StringRef result,
                     StringRef body) {
  std::string sig;
  for (auto [i, t] : llvm::enumerate(args))
    sig += (i ? ", " : "") + llvm::formatv("%a{0}: {1}", i, t).str();
  return llvm::formatv("func.func @f({0}) -> {1} {{\n  %zero = arith.constant "
                       "0.0 : f32\n{2}\n  return %r : {1}\n}\n",
                       sig, result, body)
      .str();
}

/// An m x n x k matmul of `elt` inputs accumulating in f32.
std::string matmul(int64_t m, int64_t n, int64_t k, StringRef elt = "f32") {
  std::string c = tensorType({m, n});
  return function({tensorType({m, k}, elt), tensorType({k, n}, elt)}, c,
                  llvm::formatv("  %e = tensor.empty() : {0}\n"
                                "  %f = linalg.fill ins(%zero : f32) outs(%e : "
                                "{0}) -> {0}\n"
                                "  %r = linalg.matmul ins(%a0, %a1 : {1}, {2}) "
                                "outs(%f : {0}) -> {0}",
                                c, tensorType({m, k}, elt),
                                tensorType({k, n}, elt))
                      .str());
}

std::string batchMatmul(int64_t b, int64_t m, int64_t n, int64_t k) {
  std::string c = tensorType({b, m, n});
  std::string x = tensorType({b, m, k}), y = tensorType({b, k, n});
  return function({x, y}, c,
                  llvm::formatv("  %e = tensor.empty() : {0}\n"
                                "  %f = linalg.fill ins(%zero : f32) outs(%e : "
                                "{0}) -> {0}\n"
                                "  %r = linalg.batch_matmul ins(%a0, %a1 : {1}, "
                                "{2}) outs(%f : {0}) -> {0}",
                                c, x, y)
                      .str());
}

std::string conv(int64_t hw, int64_t c, int64_t f, int64_t kernel,
                 int64_t stride, bool depthwise) {
  int64_t in = (hw - 1) * stride + kernel;
  std::string x = tensorType({1, in, in, c});
  std::string w = depthwise ? tensorType({kernel, kernel, c})
                            : tensorType({kernel, kernel, c, f});
  std::string o = tensorType({1, hw, hw, depthwise ? c : f});
  return function(
      {x, w}, o,
      llvm::formatv("  %e = tensor.empty() : {0}\n"
                    "  %f = linalg.fill ins(%zero : f32) outs(%e : {0}) -> "
                    "{0}\n"
                    "  %r = linalg.{1} {{dilations = dense<1> : tensor<2xi64>, "
                    "strides = dense<{2}> : tensor<2xi64>} ins(%a0, %a1 : {3}, "
                    "{4}) outs(%f : {0}) -> {0}",
                    o,
                    depthwise ? "depthwise_conv_2d_nhwc_hwc"
                              : "conv_2d_nhwc_hwcf",
                    stride, x, w)
          .str());
}

/// An elementwise op on `shape` (a bias add and relu), or a transpose.
std::string elementwise(ArrayRef<int64_t> shape, bool transpose) {
  std::string t = tensorType(shape);
  if (transpose) {
    SmallVector<int64_t> reversed(llvm::reverse(shape));
    std::string r = tensorType(reversed);
    std::string perm;
    for (size_t i = 0; i < shape.size(); ++i)
      perm += (i ? ", " : "") + std::to_string(shape.size() - 1 - i);
    return function({t}, r,
                    llvm::formatv("  %e = tensor.empty() : {0}\n"
                                  "  %r = linalg.transpose ins(%a0 : {1}) "
                                  "outs(%e : {0}) permutation = [{2}]",
                                  r, t, perm)
                        .str());
  }
  return function({t, t}, t,
                  llvm::formatv("  %e = tensor.empty() : {0}\n"
                                "  %s = linalg.add ins(%a0, %a1 : {0}, {0}) "
                                "outs(%e : {0}) -> {0}\n"
                                "  %r = linalg.max ins(%s, %s : {0}, {0}) "
                                "outs(%e : {0}) -> {0}",
                                t)
                      .str());
}

/// A sum over dimension `dim` of a `rows` x `cols` tensor.
std::string reduction(int64_t rows, int64_t cols, int64_t dim) {
  std::string x = tensorType({rows, cols});
  std::string o = tensorType({dim == 1 ? rows : cols});
  return function({x}, o,
                  llvm::formatv("  %e = tensor.empty() : {0}\n"
                                "  %f = linalg.fill ins(%zero : f32) outs(%e : "
                                "{0}) -> {0}\n"
                                "  %r = linalg.reduce ins(%a0 : {1}) outs(%f : "
                                "{0}) dimensions = [{2}]\n"
                                "    (%in: f32, %acc: f32) {{\n"
                                "      %s = arith.addf %in, %acc : f32\n"
                                "      linalg.yield %s : f32\n    }",
                                o, x, dim)
                      .str());
}

/// A row reduction as task extraction gives the models' (softmax's maximum
/// over the last loop of a `shape` tensor, a layer norm's sum accumulated in
/// f64): a linalg.generic, the reduction innermost, taken by gpu.reduction.
std::string rowReductionGeneric(ArrayRef<int64_t> shape, bool sumF64) {
  std::string x = tensorType(shape);
  std::string acc = sumF64 ? "f64" : "f32";
  std::string o = tensorType(shape.drop_back(), acc);
  std::string dims, outDims;
  for (unsigned i = 0; i < shape.size(); ++i) {
    dims += (i ? ", d" : "d") + std::to_string(i);
    if (i + 1 < shape.size())
      outDims += (i ? ", d" : "d") + std::to_string(i);
  }
  std::string iterators;
  for (unsigned i = 0; i < shape.size(); ++i)
    iterators += i + 1 < shape.size() ? "\"parallel\", " : "\"reduction\"";
  std::string combine = sumF64 ? "      %w = arith.extf %in : f32 to f64\n"
                                 "      %s = arith.addf %w, %acc : f64\n"
                               : "      %s = arith.maximumf %in, %acc : f32\n";
  return function(
      {x}, o,
      llvm::formatv("  %init = arith.constant {5} : {6}\n"
                    "  %e = tensor.empty() : {0}\n"
                    "  %f = linalg.fill ins(%init : {6}) outs(%e : {0}) -> "
                    "{0}\n"
                    "  %r = linalg.generic {{indexing_maps = "
                    "[affine_map<({2}) -> ({2})>, affine_map<({2}) -> ({3})>], "
                    "iterator_types = [{4}]} ins(%a0 : {1}) outs(%f : {0}) {{\n"
                    "    ^bb0(%in: f32, %acc: {6}):\n{7}"
                    "      linalg.yield %s : {6}\n    } -> {0}",
                    o, x, dims, outDims, iterators,
                    sumF64 ? "0.0" : "0xFF800000", acc, combine)
          .str());
}

class DefaultSweepTest : public ::testing::Test {
protected:
  DefaultSweepTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    registerSketchDependencies(registry);
    registry.insert<sched::SchedDialect>();
    registerAllToLLVMIRTranslations(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    for (const char *text : kTargets)
      targets.push_back(cast<sched::TargetAttr>(parseAttribute(text, &ctx)));
  }

  /// Checks every default of every sketch of every task of `program` on
  /// every target; materializes one case in `materializeEvery` and lowers
  /// one in `lowerEvery`.
  void sweep(const std::string &program) {
    for (sched::TargetAttr target : targets) {
      OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &ctx);
      ASSERT_TRUE(module) << program;
      std::vector<Task> tasks = extractTasks(*module);
      for (const Task &task : tasks) {
        const FusedGroup &group = task.occurrences.front();
        std::string whyNot;
        auto instances = instantiateSketches(group, target, &whyNot);
        ASSERT_FALSE(instances.empty())
            << "no sketch for " << task.name << " on "
            << target.getShortName() << ":\n" << whyNot;
        for (const auto &instance : instances) {
          KnobChoice choice = instance->getDefault();
          std::string error;
          EXPECT_TRUE(succeeded(instance->verify(choice, error)))
              << instance->getName().str() << " default for " << task.name
              << " on " << target.getShortName() << ": " << error;
          ++checked;
          if (instance->getName() == "cpu.conv2d")
            checkConvRegisters(*instance, choice, group, target);
        }
      }
      if (++cases % kMaterializeEvery == 0)
        materializeAndLower(*module, tasks, target,
                            cases % kLowerEvery == 0);
    }
  }

  /// cpu.conv2d's default register tile fits in the vector registers with
  /// the filter vectors of a step and the broadcast input (AVX2 has no
  /// embedded broadcast): w2 x v accumulators + v + 1, v vectors of c2.
  /// Two vectors x 7 columns (17 of AVX2's 16 registers) spilled and ran
  /// ResNet-50's 3x3 conv 1.3-1.5x slower than one vector x 14.
  void checkConvRegisters(const SketchInstance &instance,
                          const KnobChoice &choice, const FusedGroup &group,
                          sched::TargetAttr target) {
    KnobValues values(instance.getKnobs(), choice);
    Type element = getElementTypeOrSelf(group.anchor->getResult(0).getType());
    int64_t lanes = target.getVectorBits() / element.getIntOrFloatBitWidth();
    int64_t registers = target.getVectorBits() >= 512 ? 32 : 16;
    int64_t vectors = llvm::divideCeil(values.getInt("c2"), lanes);
    int64_t needed = values.getInt("w2") * vectors + vectors + 1;
    std::string result;
    llvm::raw_string_ostream(result) << group.anchor->getResult(0).getType();
    EXPECT_LE(needed, registers)
        << "cpu.conv2d default c2 = " << values.getInt("c2")
        << ", w2 = " << values.getInt("w2") << " on " << target.getShortName()
        << " for a result " << result;
    ++convTiles;
  }

  /// Materializes and lowers the defaults of `program` on the CUDA target.
  void lowerOnCUDA(const std::string &program) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &ctx);
    ASSERT_TRUE(module) << program;
    std::vector<Task> tasks = extractTasks(*module);
    materializeAndLower(*module, tasks, targets.back(), /*lower=*/true);
  }

  /// Annotates every group with its preferred sketch's default, then
  /// materializes the annotations one by one (applying one replaces the
  /// function body, so the next op is looked up afresh), as
  /// sched-materialize does.
  void materializeAndLower(ModuleOp module, std::vector<Task> &tasks,
                           sched::TargetAttr target, bool lower) {
    for (Task &task : tasks) {
      for (FusedGroup &group : task.occurrences) {
        auto instances = instantiateSketches(group, target);
        ASSERT_FALSE(instances.empty());
        const SketchInstance &best = *instances.front();
        sched::setConfig(group.anchor,
                         best.toConfig(&ctx, best.getDefault()));
      }
    }
    while (true) {
      Operation *next = nullptr;
      module.walk([&](Operation *op) {
        if (!sched::getConfig(op))
          return WalkResult::advance();
        next = op;
        return WalkResult::interrupt();
      });
      if (!next)
        break;
      ASSERT_TRUE(succeeded(
          materializeConfig(next, sched::getConfig(next), target)))
          << "materializing on " << target.getShortName();
      ++materialized;
    }
    if (!lower)
      return;
    PassManager pm(&ctx, ModuleOp::getOperationName());
    if (target.isCPU()) {
      buildLowerCPUPipeline(pm, LowerCPUOptions());
    } else {
      // To PTX (LLVM's NVPTX backend, no CUDA toolkit needed).
      LowerGPUOptions options;
      options.chip = target.getArch().str();
      buildLowerGPUPipeline(pm, options);
    }
    EXPECT_TRUE(succeeded(pm.run(module)))
        << "lowering failed on " << target.getShortName();
    if (target.isCUDA()) {
      unsigned binaries = 0;
      module.walk([&](gpu::BinaryOp binary) {
        ++binaries;
        for (Attribute object : binary.getObjects())
          if (auto o = dyn_cast<gpu::ObjectAttr>(object);
              o && o.getObject().getValue().contains("mma.sync.aligned"))
            ++loweredMma;
      });
      EXPECT_GT(binaries, 0u) << "no kernel";
      ++loweredGPU;
    }
    ++lowered;
  }

  static constexpr unsigned kMaterializeEvery = 7;
  static constexpr unsigned kLowerEvery = 5 * kMaterializeEvery;
  MLIRContext ctx;
  SmallVector<sched::TargetAttr> targets;
  unsigned cases = 0, checked = 0, materialized = 0, lowered = 0,
           loweredGPU = 0, loweredMma = 0, convTiles = 0;
};

const int64_t kSizes[] = {1, 2, 3, 7, 16, 17, 31, 64, 100, 257, 383, 509, 1024};

TEST_F(DefaultSweepTest, Matmuls) {
  for (int64_t m : kSizes)
    for (int64_t n : kSizes)
      for (int64_t k : {1, 3, 17, 64, 257, 1024})
        sweep(matmul(m, n, k));
  // ResNet-50's classifier, and the odd shape of the CUDA issue.
  sweep(matmul(1, 1000, 2048));
  sweep(matmul(257, 383, 509));
  EXPECT_GT(materialized, 0u);
  EXPECT_GT(lowered, 0u);
  EXPECT_GT(loweredGPU, 0u);
}

TEST_F(DefaultSweepTest, HalfPrecisionMatmuls) {
  // f16 and bf16 inputs accumulated in f32: tensor cores (mma.sync) where
  // M, N, K are multiples of 16, 8, 16, other GPU sketches elsewhere.
  for (StringRef elt : {"f16", "bf16"})
    for (int64_t m : {1, 16, 17, 64, 257})
      for (int64_t n : {8, 64, 100, 383})
        for (int64_t k : {16, 33, 256})
          sweep(matmul(m, n, k, elt));
  EXPECT_GT(loweredGPU, 0u);
  // And one of each kind for sure.
  lowerOnCUDA(matmul(64, 64, 256, "f16"));
  lowerOnCUDA(matmul(128, 64, 64, "bf16"));
  EXPECT_GE(loweredMma, 2u) << "the defaults are not tensor-core kernels";
}

TEST_F(DefaultSweepTest, BatchMatmuls) {
  for (int64_t b : {1, 2, 3, 12, 16})
    for (int64_t m : {1, 7, 64, 128, 257})
      for (int64_t n : {1, 17, 64, 383})
        for (int64_t k : {3, 64, 509})
          sweep(batchMatmul(b, m, n, k));
  EXPECT_GT(loweredGPU, 0u);
}

TEST_F(DefaultSweepTest, Convolutions) {
  for (int64_t hw : {1, 7, 13, 14, 56})
    for (int64_t c : {1, 3, 16, 24, 64})
      for (int64_t kernel : {1, 3})
        for (int64_t stride : {1, 2}) {
          for (int64_t f : {1, 8, 24, 37, 64})
            sweep(conv(hw, c, f, kernel, stride, /*depthwise=*/false));
          sweep(conv(hw, c, c, kernel, stride, /*depthwise=*/true));
        }
  // Channel counts of real models, for the register tiles.
  for (int64_t c : {144, 256})
    for (int64_t hw : {14, 56}) {
      sweep(conv(hw, c, c, 3, 1, /*depthwise=*/false));
      sweep(conv(hw, c, c, 3, 1, /*depthwise=*/true));
    }
  EXPECT_GT(convTiles, 0u);
  EXPECT_GT(loweredGPU, 0u);
}

/// gpu.conv2d's default on the channel counts of real models keeps every SM
/// busy with blocks of whole warps: the default of 4 warps in 1.5 blocks per
/// SM ran ResNet's 56x56x64 3x3 convolution in 89.5 us on an H100, the
/// tuned 8 warps-of-one blocks per SM in 32.2 us.
TEST_F(DefaultSweepTest, GPUConvolutionsFillTheSMs) {
  sched::TargetAttr target = targets.back();
  int64_t sms = target.getSms();
  unsigned seen = 0;
  for (auto [hw, c] : {std::pair<int64_t, int64_t>{56, 64},
                       {28, 128},
                       {14, 256},
                       {7, 512},
                       {112, 64},
                       {56, 144}})
    for (bool depthwise : {false, true}) {
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(conv(hw, c, c, 3, 1, depthwise), &ctx);
      ASSERT_TRUE(module);
      for (const Task &task : extractTasks(*module))
        for (const auto &instance :
             instantiateSketches(task.occurrences.front(), target)) {
          if (instance->getName() != "gpu.conv2d")
            continue;
          KnobValues v(instance->getKnobs(), instance->getDefault());
          int64_t threads = v.getInt("bh") * v.getInt("tw") * v.getInt("tc");
          int64_t outputs = (v.getInt("bw") / v.getInt("tw")) *
                            (v.getInt("bc") / v.getInt("tc"));
          int64_t blocks = hw * hw * c / (threads * outputs);
          std::string where = llvm::formatv("{0}x{0}x{1}{2}", hw, c,
                                            depthwise ? " depthwise" : "");
          EXPECT_EQ(threads % 32, 0) << where;
          EXPECT_LE(outputs, 8) << where;
          EXPECT_GE(blocks, std::min(4 * sms, hw * hw * c / 256)) << where;
          ++seen;
        }
    }
  EXPECT_EQ(seen, 12u);
}

TEST_F(DefaultSweepTest, ElementwiseAndTransposes) {
  for (int64_t a : {1, 3, 16, 17, 100, 1000})
    for (int64_t b : {1, 3, 16, 17, 100, 1000}) {
      sweep(elementwise({a, b}, /*transpose=*/false));
      sweep(elementwise({a, b}, /*transpose=*/true));
      sweep(elementwise({2, a, b}, /*transpose=*/true));
    }
  sweep(elementwise({7}, false));
  sweep(elementwise({1, 1, 1}, false));
}

TEST_F(DefaultSweepTest, Reductions) {
  for (int64_t rows : {1, 3, 16, 17, 128, 1000})
    for (int64_t cols : {1, 5, 16, 128, 769})
      for (int64_t dim : {0, 1})
        sweep(reduction(rows, cols, dim));
  EXPECT_GT(loweredGPU, 0u);
}

// The reduction tasks of examples/models: softmax rows of the encoder (4 x
// 128 x 128) and BERT (12 x 128 x 128), layer-norm rows of 128 and 768
// accumulated in f64, and odd rows.
TEST_F(DefaultSweepTest, ModelRowReductions) {
  for (bool sumF64 : {false, true}) {
    sweep(rowReductionGeneric({4, 128, 128}, sumF64));
    sweep(rowReductionGeneric({12, 128, 128}, sumF64));
    sweep(rowReductionGeneric({128, 128}, sumF64));
    sweep(rowReductionGeneric({128, 768}, sumF64));
    sweep(rowReductionGeneric({17, 5}, sumF64));
    sweep(rowReductionGeneric({3, 197, 1000}, sumF64));
  }
}

} // namespace
