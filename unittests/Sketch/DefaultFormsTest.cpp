//===- DefaultFormsTest.cpp - defaults valid for every target and form ----===//
//
// A default config is chosen from the target (ISA, caches, cores) and the
// op; its script must apply whatever the op's operands are: function
// arguments, splat constants, dense_resource weights (torch-mlir's form),
// constants folded by the preparation (a transposed weight) or results of
// other ops. A 256x1024x1024 matmul whose B was a splat constant once got
// the panel-packing default on a 512 KiB-L2 machine and failed to
// materialize (hoist_pad cannot hoist a slice of a constant that folded
// into a constant).
//
// For every CPU target description below and every operand form, each op
// is prepared for the target (as tuner-prepare does), and every sketch's
// default must verify, materialize and lower to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/AsmParser/AsmParser.h"
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

/// CPU descriptions that differ in ISA and caches: an AVX2 Zen 1 (32 KiB L1,
/// 512 KiB L2), AVX2 with 1 MiB of L2, AVX-512 with 1 and 2 MiB of L2,
/// AVX-512 with BF16 (Zen 4), AMX (Sapphire Rapids), and SSE only.
constexpr const char *kTargets[] = {
    "#sched.target<kind = cpu, arch = \"znver1\", cores = 2, vector_bits = "
    "256, l1 = 32768, l2 = 524288, l3 = 8388608, features = \"avx2,fma\">",
    "#sched.target<kind = cpu, arch = \"x86-64-v3\", cores = 1, vector_bits = "
    "256, l1 = 49152, l2 = 1048576, features = \"avx2,fma\">",
    "#sched.target<kind = cpu, arch = \"skylake-avx512\", cores = 2, "
    "vector_bits = 512, l1 = 32768, l2 = 1048576, l3 = 25952256, features = "
    "\"avx2,avx512bw,avx512f,avx512vl,fma\">",
    "#sched.target<kind = cpu, arch = \"x86-64-v4\", cores = 1, vector_bits = "
    "512, l1 = 49152, l2 = 2097152, features = "
    "\"avx2,avx512bw,avx512f,avx512vl,fma\">",
    "#sched.target<kind = cpu, arch = \"znver4\", cores = 2, vector_bits = "
    "512, l1 = 32768, l2 = 1048576, l3 = 33554432, features = "
    "\"avx2,avx512bf16,avx512bw,avx512f,avx512vl,avx512vnni,fma\">",
    "#sched.target<kind = cpu, arch = \"sapphirerapids\", cores = 2, "
    "vector_bits = 512, l1 = 49152, l2 = 2097152, l3 = 110100480, features = "
    "\"amx-bf16,amx-int8,amx-tile,avx2,avx512bf16,avx512bw,avx512f,"
    "avx512fp16,avx512vl,avx512vnni,fma\">",
    "#sched.target<kind = cpu, arch = \"x86-64-v2\", cores = 1, vector_bits = "
    "128>",
};

/// Where an op's weight (its last input) comes from.
enum class Form { Argument, Splat, Resource, TransposedResource, Result };

constexpr Form kForms[] = {Form::Argument, Form::Splat, Form::Resource,
                           Form::TransposedResource, Form::Result};

StringRef getName(Form form) {
  switch (form) {
  case Form::Argument:
    return "argument";
  case Form::Splat:
    return "splat";
  case Form::Resource:
    return "dense_resource";
  case Form::TransposedResource:
    return "transposed dense_resource";
  case Form::Result:
    return "result";
  }
  return "";
}

std::string tensorType(ArrayRef<int64_t> shape, StringRef elt) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + elt.str() + ">";
}

/// The hex blob of a dense_resource of `count` elements of `bytes` bytes
/// (alignment word first), with small deterministic values.
std::string blob(int64_t count, int64_t bytes) {
  static const char *digits = "0123456789ABCDEF";
  std::string hex = "\"0x04000000";
  hex.reserve(hex.size() + 2 * count * bytes + 1);
  for (int64_t i = 0; i < count; ++i) {
    // f32: 0.5 + (i % 7) / 8; bf16: its upper half.
    uint32_t bits = 0x3f000000u + ((i % 7) << 20);
    for (int64_t b = 4 - bytes; b < 4; ++b) {
      uint8_t byte = (bits >> (8 * b)) & 0xff;
      hex += digits[byte >> 4];
      hex += digits[byte & 15];
    }
  }
  return hex + "\"";
}

/// A program computing `op` (a template with {0} for the weight's SSA name,
/// defining %r of `resultType`) from the argument %x and a weight of
/// `weightShape`, given in `form`.
struct Program {
  std::string args, prologue, resources;
};

Program makeWeight(Form form, ArrayRef<int64_t> shape, StringRef elt) {
  Program p;
  std::string t = tensorType(shape, elt);
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  int64_t bytes = elt == "f32" ? 4 : 2;
  switch (form) {
  case Form::Argument:
    p.args = ", %w: " + t;
    break;
  case Form::Splat:
    p.prologue = llvm::formatv("  %w = arith.constant dense<{0}> : {1}\n",
                               elt == "f32" ? "0.5" : "1.0", t);
    break;
  case Form::Resource:
    p.prologue =
        llvm::formatv("  %w = arith.constant dense_resource<w> : {0}\n", t);
    p.resources = blob(count, bytes);
    break;
  case Form::TransposedResource: {
    // The weight stored with its last two dimensions swapped, transposed
    // back in the program (torch-mlir's Linear): folded by the preparation.
    SmallVector<int64_t> stored(shape);
    std::swap(stored[stored.size() - 1], stored[stored.size() - 2]);
    std::string s = tensorType(stored, elt);
    std::string perm;
    for (size_t i = 0; i < shape.size(); ++i) {
      size_t j = i + 2 < shape.size() ? i : shape.size() * 2 - 3 - i;
      perm += (i ? ", " : "") + std::to_string(j);
    }
    p.prologue =
        llvm::formatv("  %ws = arith.constant dense_resource<w> : {0}\n"
                      "  %we = tensor.empty() : {1}\n"
                      "  %w = linalg.transpose ins(%ws : {0}) outs(%we : {1}) "
                      "permutation = [{2}]\n",
                      s, t, perm);
    p.resources = blob(count, bytes);
    break;
  }
  case Form::Result:
    // The weight computed from an argument (an elementwise op before the
    // anchor).
    p.args = ", %v: " + t;
    p.prologue = llvm::formatv(
        "  %ve = tensor.empty() : {0}\n"
        "  %w = linalg.negf ins(%v : {0}) outs(%ve : {0}) -> {0}\n",
        t);
    break;
  }
  return p;
}

/// A function `@f(%x: xType, <weight>) -> resultType` whose body is `body`
/// (using %x and %w, defining %r).
std::string makeProgram(Form form, StringRef xType,
                        ArrayRef<int64_t> weightShape, StringRef weightElt,
                        StringRef resultType, StringRef body) {
  Program w = makeWeight(form, weightShape, weightElt);
  std::string text = llvm::formatv(
      "func.func @f(%x: {0}{1}) -> {2} {{\n{3}  %zero = arith.constant 0.0 "
      ": f32\n{4}\n  return %r : {2}\n}\n",
      xType, w.args, resultType, w.prologue, body);
  if (!w.resources.empty())
    text +=
        "{-#\n  dialect_resources: {\n    builtin: {\n      w: " + w.resources +
        "\n    }\n  }\n#-}\n";
  return text;
}

/// x[m, k] * w[k, n] (+ a bias, then relu when `epilogue`).
std::string matmul(Form form, int64_t m, int64_t n, int64_t k,
                   StringRef elt = "f32", bool epilogue = false) {
  std::string c = tensorType({m, n}, "f32");
  std::string body = llvm::formatv(
      "  %e = tensor.empty() : {0}\n"
      "  %f = linalg.fill ins(%zero : f32) outs(%e : {0}) -> {0}\n"
      "  %{3} = linalg.matmul ins(%x, %w : {1}, {2}) outs(%f : {0}) -> {0}\n",
      c, tensorType({m, k}, elt), tensorType({k, n}, elt),
      epilogue ? "mm" : "r");
  if (epilogue)
    body += llvm::formatv("  %r = linalg.max ins(%mm, %f : {0}, {0}) outs(%e "
                          ": {0}) -> {0}",
                          c);
  return makeProgram(form, tensorType({m, k}, elt), {k, n}, elt, c, body);
}

std::string batchMatmul(Form form, int64_t b, int64_t m, int64_t n, int64_t k) {
  std::string c = tensorType({b, m, n}, "f32");
  std::string x = tensorType({b, m, k}, "f32");
  std::string body = llvm::formatv(
      "  %e = tensor.empty() : {0}\n"
      "  %f = linalg.fill ins(%zero : f32) outs(%e : {0}) -> {0}\n"
      "  %r = linalg.batch_matmul ins(%x, %w : {1}, {2}) outs(%f : {0}) -> "
      "{0}",
      c, x, tensorType({b, k, n}, "f32"));
  return makeProgram(form, x, {b, k, n}, "f32", c, body);
}

/// An NHWC convolution with an HWCF filter (or a depthwise HWC one).
std::string conv(Form form, int64_t hw, int64_t c, int64_t f, int64_t kernel,
                 int64_t stride, bool depthwise) {
  int64_t in = (hw - 1) * stride + kernel;
  std::string x = tensorType({1, in, in, c}, "f32");
  SmallVector<int64_t> filter = {kernel, kernel, c};
  if (!depthwise)
    filter.push_back(f);
  std::string o = tensorType({1, hw, hw, depthwise ? c : f}, "f32");
  std::string body = llvm::formatv(
      "  %e = tensor.empty() : {0}\n"
      "  %f = linalg.fill ins(%zero : f32) outs(%e : {0}) -> {0}\n"
      "  %r = linalg.{1} {{dilations = dense<1> : tensor<2xi64>, strides = "
      "dense<{2}> : tensor<2xi64>} ins(%x, %w : {3}, {4}) outs(%f : {0}) -> "
      "{0}",
      o, depthwise ? "depthwise_conv_2d_nhwc_hwc" : "conv_2d_nhwc_hwcf", stride,
      x, tensorType(filter, "f32"));
  return makeProgram(form, x, filter, "f32", o, body);
}

/// x + w, then a row sum (an elementwise op and a reduction).
std::string addAndReduce(Form form, int64_t rows, int64_t cols) {
  std::string t = tensorType({rows, cols}, "f32");
  std::string o = tensorType({rows}, "f32");
  std::string body = llvm::formatv(
      "  %e = tensor.empty() : {0}\n"
      "  %s = linalg.add ins(%x, %w : {0}, {0}) outs(%e : {0}) -> {0}\n"
      "  %e1 = tensor.empty() : {1}\n"
      "  %f = linalg.fill ins(%zero : f32) outs(%e1 : {1}) -> {1}\n"
      "  %r = linalg.reduce ins(%s : {0}) outs(%f : {1}) dimensions = [1]\n"
      "    (%in: f32, %acc: f32) {{\n"
      "      %a = arith.addf %in, %acc : f32\n"
      "      linalg.yield %a : f32\n    }",
      t, o);
  return makeProgram(form, t, {rows, cols}, "f32", o, body);
}

class DefaultFormsTest : public ::testing::Test {
protected:
  DefaultFormsTest() {
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

  /// Prepares `program` for `target` and extracts its tasks.
  OwningOpRef<ModuleOp> prepare(const std::string &program,
                                sched::TargetAttr target,
                                std::vector<Task> &tasks) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &ctx);
    if (!module)
      return nullptr;
    if (failed(prepareForScheduling(*module, getPrepareOptions(target))))
      return nullptr;
    tasks = extractTasks(*module);
    return module;
  }

  /// Every sketch default of every task of `program`, on every target:
  /// verified, materialized and lowered, one sketch at a time (the other
  /// anchors keep their preferred sketch's default).
  void sweep(const std::function<std::string(Form)> &makeProgram) {
    for (Form form : kForms) {
      std::string program = makeProgram(form);
      for (sched::TargetAttr target : targets)
        sweepOne(program, form, target);
    }
  }

  void sweepOne(const std::string &program, Form form,
                sched::TargetAttr target) {
    std::string where;
    llvm::raw_string_ostream os(where);
    os << getName(form) << " weight, target " << target;
    std::vector<Task> tasks;
    OwningOpRef<ModuleOp> module = prepare(program, target, tasks);
    ASSERT_TRUE(module) << "preparation failed: " << where << "\n" << program;
    // How many sketches the task with the most has: each round gives each
    // task its round-th sketch (or its preferred one).
    size_t rounds = 1;
    for (const Task &task : tasks) {
      std::string whyNot;
      auto instances =
          instantiateSketches(task.occurrences.front(), target, &whyNot);
      ASSERT_FALSE(instances.empty())
          << "no sketch for " << task.name << ": " << where << "\n"
          << whyNot;
      rounds = std::max(rounds, instances.size());
      for (const auto &instance : instances) {
        std::string error;
        EXPECT_TRUE(succeeded(instance->verify(instance->getDefault(), error)))
            << instance->getName().str() << " default for " << task.name << ": "
            << where << ": " << error;
      }
    }
    for (size_t round = 0; round < rounds; ++round) {
      OwningOpRef<ModuleOp> copy = prepare(program, target, tasks);
      ASSERT_TRUE(copy);
      std::string sketches = annotate(*copy, tasks, target, round);
      materializeAndLower(*copy, target, where + ", sketches " + sketches);
    }
  }

  /// Annotates each anchor with the default of its `round`-th sketch (its
  /// first when it has fewer); returns their names.
  std::string annotate(ModuleOp module, std::vector<Task> &tasks,
                       sched::TargetAttr target, size_t round) {
    std::string names;
    for (Task &task : tasks) {
      for (FusedGroup &group : task.occurrences) {
        auto instances = instantiateSketches(group, target);
        const SketchInstance &chosen =
            *instances[round < instances.size() ? round : 0];
        sched::setConfig(group.anchor,
                         chosen.toConfig(&ctx, chosen.getDefault()));
        names += " " + chosen.getName().str();
      }
    }
    sched::setTarget(module, target);
    return names;
  }

  void materializeAndLower(ModuleOp module, sched::TargetAttr target,
                           const std::string &where) {
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
      ASSERT_TRUE(
          succeeded(materializeConfig(next, sched::getConfig(next), target)))
          << "materializing: " << where;
      ++materialized;
    }
    PassManager pm(&ctx, ModuleOp::getOperationName());
    LowerCPUOptions options;
    options.amx = lowersToAMX(target);
    options.expandBF16 = expandsBF16(target);
    buildLowerCPUPipeline(pm, options);
    EXPECT_TRUE(succeeded(pm.run(module))) << "lowering: " << where;
    ++lowered;
  }

  MLIRContext ctx;
  SmallVector<sched::TargetAttr> targets;
  unsigned materialized = 0, lowered = 0;
};

TEST_F(DefaultFormsTest, Matmuls) {
  // The reduced case of the Zen 1 report (panel packing of a constant B),
  // an odd shape, a small-K one and a matrix-vector product.
  for (auto [m, n, k] : {std::tuple<int64_t, int64_t, int64_t>{256, 1024, 1024},
                         {257, 383, 509},
                         {64, 512, 16},
                         {1, 1000, 512}})
    sweep([&, m = m, n = n, k = k](Form form) {
      return matmul(form, m, n, k, "f32", /*epilogue=*/m == 256);
    });
  EXPECT_GT(lowered, 0u);
}

TEST_F(DefaultFormsTest, HalfPrecisionMatmuls) {
  // Packed for bf16 dot products or AMX where the target has them, widened
  // elsewhere; the weight's relayout folds when it is constant.
  for (StringRef elt : {"bf16", "f16"})
    for (auto [m, n, k] :
         {std::tuple<int64_t, int64_t, int64_t>{128, 256, 512}, {32, 64, 96}})
      sweep([&, m = m, n = n, k = k](Form form) {
        return matmul(form, m, n, k, elt);
      });
  EXPECT_GT(lowered, 0u);
}

TEST_F(DefaultFormsTest, BatchMatmuls) {
  sweep([](Form form) { return batchMatmul(form, 12, 64, 64, 128); });
  sweep([](Form form) { return batchMatmul(form, 3, 17, 383, 64); });
}

TEST_F(DefaultFormsTest, Convolutions) {
  sweep([](Form form) { return conv(form, 14, 64, 64, 3, 1, false); });
  sweep([](Form form) { return conv(form, 28, 16, 24, 1, 2, false); });
  sweep([](Form form) { return conv(form, 14, 96, 96, 3, 1, true); });
}

TEST_F(DefaultFormsTest, ElementwiseAndReductions) {
  sweep([](Form form) { return addAndReduce(form, 128, 768); });
  sweep([](Form form) { return addAndReduce(form, 7, 1000); });
}

} // namespace
