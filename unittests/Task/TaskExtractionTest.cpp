//===- TaskExtractionTest.cpp - workload keys, FLOPs, deduplication -------===//
//
// Properties of task extraction that lit tests cannot see directly: keys do
// not depend on names or locations, do depend on shapes and element types,
// and stay stable across releases (a golden key).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tuner;

namespace {
class TaskExtractionTest : public ::testing::Test {
protected:
  TaskExtractionTest() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect,
                    linalg::LinalgDialect, tensor::TensorDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &ctx);
  }

  /// A matmul M x N x K with a zero fill, optionally followed by a relu.
  std::string matmul(int64_t m, int64_t n, int64_t k, StringRef elt = "f32",
                     bool relu = false, StringRef name = "mm") {
    std::string a = llvm::formatv("tensor<{0}x{1}x{2}>", m, k, elt);
    std::string b = llvm::formatv("tensor<{0}x{1}x{2}>", k, n, elt);
    std::string c = llvm::formatv("tensor<{0}x{1}x{2}>", m, n, elt);
    std::string text = llvm::formatv(
        R"(func.func @{0}(%a: {1}, %b: {2}) -> {3} {
  %zero = arith.constant 0.0 : {4}
  %e = tensor.empty() : {3}
  %f = linalg.fill ins(%zero : {4}) outs(%e : {3}) -> {3}
  %r = linalg.matmul ins(%a, %b : {1}, {2}) outs(%f : {3}) -> {3}
)",
        name, a, b, c, elt);
    if (relu) {
      text += llvm::formatv(
          R"(  %e2 = tensor.empty() : {0}
  %y = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : {0}) outs(%e2 : {0}) {{
  ^bb0(%x: {1}, %o: {1}):
    %m = arith.maximumf %x, %zero : {1}
    linalg.yield %m : {1}
  } -> {0}
  return %y : {0}
}
)",
          c, elt);
    } else {
      text += llvm::formatv("  return %r : {0}\n}\n", c);
    }
    return text;
  }

  MLIRContext ctx;
};
} // namespace

TEST_F(TaskExtractionTest, FusedGroupAndFlops) {
  OwningOpRef<ModuleOp> module = parse(matmul(64, 32, 16, "f32", true));
  ASSERT_TRUE(module);
  std::vector<Task> tasks = extractTasks(*module);
  ASSERT_EQ(tasks.size(), 1u);
  const Task &task = tasks.front();
  EXPECT_EQ(task.weight, 1);
  ASSERT_EQ(task.occurrences.size(), 1u);
  const FusedGroup &group = task.occurrences.front();
  EXPECT_EQ(group.producers.size(), 1u);
  EXPECT_EQ(group.consumers.size(), 1u);
  EXPECT_EQ(group.getOps().size(), 3u);
  EXPECT_TRUE(isa<linalg::GenericOp>(group.getRoot()));
  // 2 * M * N * K for the matmul, M * N for the relu, nothing for the fill.
  EXPECT_EQ(task.flops, 2 * 64 * 32 * 16 + 64 * 32);
  EXPECT_EQ(task.name, "matmul_64x32x16_fused1");
  EXPECT_EQ(task.key.size(), 16u);
}

TEST_F(TaskExtractionTest, KeyIgnoresNamesAndLocations) {
  OwningOpRef<ModuleOp> m1 = parse(matmul(64, 32, 16, "f32", true, "first"));
  OwningOpRef<ModuleOp> m2 =
      parse("\n\n// shifted\n" + matmul(64, 32, 16, "f32", true, "second"));
  ASSERT_TRUE(m1 && m2);
  EXPECT_EQ(extractTasks(*m1).front().key, extractTasks(*m2).front().key);
}

TEST_F(TaskExtractionTest, KeyDependsOnShapesTypesAndFusion) {
  auto keyOf = [&](const std::string &text) {
    OwningOpRef<ModuleOp> m = parse(text);
    EXPECT_TRUE(m);
    return extractTasks(*m).front().key;
  };
  std::string base = keyOf(matmul(64, 32, 16));
  EXPECT_NE(base, keyOf(matmul(64, 32, 32)));
  EXPECT_NE(base, keyOf(matmul(32, 64, 16)));
  EXPECT_NE(base, keyOf(matmul(64, 32, 16, "f16")));
  EXPECT_NE(base, keyOf(matmul(64, 32, 16, "f32", /*relu=*/true)));
}

TEST_F(TaskExtractionTest, DeduplicatesAcrossFunctions) {
  OwningOpRef<ModuleOp> module =
      parse(matmul(8, 8, 8, "f32", false, "a") +
            matmul(8, 8, 8, "f32", false, "b") +
            matmul(8, 8, 4, "f32", false, "c"));
  ASSERT_TRUE(module);
  std::vector<Task> tasks = extractTasks(*module);
  ASSERT_EQ(tasks.size(), 2u);
  EXPECT_EQ(tasks[0].weight, 2);
  EXPECT_EQ(tasks[1].weight, 1);
}

TEST_F(TaskExtractionTest, OptionsDisableFusion) {
  OwningOpRef<ModuleOp> module = parse(matmul(8, 8, 8, "f32", true));
  ASSERT_TRUE(module);
  TaskExtractionOptions options;
  options.fuseProducers = false;
  options.fuseConsumers = false;
  // The fill and the consumer no anchor takes are tasks of their own.
  std::vector<Task> tasks = extractTasks(*module, options);
  ASSERT_EQ(tasks.size(), 3u);
  EXPECT_EQ(tasks[0].opClass, OpClass::Elementwise);
  EXPECT_EQ(tasks[1].opClass, OpClass::Contraction);
  EXPECT_EQ(tasks[2].opClass, OpClass::Elementwise);
  for (const Task &task : tasks)
    EXPECT_EQ(task.occurrences.front().getOps().size(), 1u);
  EXPECT_EQ(tasks[1].flops, 2 * 8 * 8 * 8);

  options.allOps = false;
  tasks = extractTasks(*module, options);
  ASSERT_EQ(tasks.size(), 1u);
  EXPECT_EQ(tasks.front().occurrences.front().getOps().size(), 1u);
  EXPECT_EQ(tasks.front().flops, 2 * 8 * 8 * 8);
}

// The key is part of the database format: records written by one version
// must be found by the next. Change this only with the key version tag.
TEST_F(TaskExtractionTest, GoldenKey) {
  OwningOpRef<ModuleOp> module = parse(matmul(512, 512, 512));
  ASSERT_TRUE(module);
  std::vector<Task> tasks = extractTasks(*module);
  ASSERT_EQ(tasks.size(), 1u);
  EXPECT_EQ(tasks.front().key, "49d83a92c9364f48");
}
