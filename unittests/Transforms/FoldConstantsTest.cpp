//===- FoldConstantsTest.cpp - foldConstantLinalgOps on large constants ---===//
//
// What the lit tests of tuner-fold-constants cannot hold: weights of real
// size (a 2048x2048 transpose, a 1024x2048 bf16 cast with a permutation),
// built in memory as dense_resource blobs and checked element by element;
// the returned counts and the error on invalid options.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/FoldConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tuner;

namespace {
class FoldConstantsTest : public ::testing::Test {
protected:
  FoldConstantsTest() {
    ctx.loadDialect<arith::ArithDialect, func::FuncDialect,
                    linalg::LinalgDialect, math::MathDialect,
                    tensor::TensorDialect>();
  }

  /// Parses `text`, whose `dense_resource<w>` is made to hold `blob` (raw
  /// element bytes). Each call uses a fresh blob key: the parser renames a
  /// key that is already taken.
  OwningOpRef<ModuleOp> parseWithBlob(StringRef text, ArrayRef<char> blob,
                                      size_t alignment) {
    std::string key = llvm::formatv("w{0}", blobCount++);
    std::string source = text.str();
    size_t at = source.find("dense_resource<w>");
    if (at != std::string::npos)
      source.replace(at, strlen("dense_resource<w>"),
                     "dense_resource<" + key + ">");
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &ctx);
    if (!module)
      return module;
    auto &manager = DenseResourceElementsHandle::getManagerInterface(&ctx);
    manager.getBlobManager().update(
        key, HeapAsmResourceBlob::allocateAndCopyWithAlign(blob, alignment));
    return module;
  }

  /// The raw bytes of the constant the function `@f` returns.
  static ArrayRef<char> returnedData(ModuleOp module) {
    auto func = module.lookupSymbol<func::FuncOp>("f");
    auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
    auto constant = ret.getOperand(0).getDefiningOp<arith::ConstantOp>();
    if (!constant)
      return {};
    if (auto resource =
            dyn_cast<DenseResourceElementsAttr>(constant.getValue())) {
      if (AsmResourceBlob *blob = resource.getRawHandle().getBlob())
        return blob->getData();
    }
    return {};
  }

  MLIRContext ctx;
  int blobCount = 0;
};
} // namespace

TEST_F(FoldConstantsTest, LargeTranspose) {
  constexpr int64_t n = 2048;
  std::vector<float> weight(n * n);
  for (int64_t i = 0; i < n * n; ++i)
    weight[i] = float(i);
  std::string text = llvm::formatv(R"(
func.func @f() -> tensor<{0}x{0}xf32> {{
  %w = arith.constant dense_resource<w> : tensor<{0}x{0}xf32>
  %e = tensor.empty() : tensor<{0}x{0}xf32>
  %t = linalg.transpose ins(%w : tensor<{0}x{0}xf32>)
         outs(%e : tensor<{0}x{0}xf32>) permutation = [1, 0]
  return %t : tensor<{0}x{0}xf32>
}
)",
                                   n);
  OwningOpRef<ModuleOp> module = parseWithBlob(
      text,
      ArrayRef<char>(reinterpret_cast<const char *>(weight.data()),
                     weight.size() * sizeof(float)),
      alignof(float));
  ASSERT_TRUE(module);

  FailureOr<unsigned> folded = foldConstantLinalgOps(*module, {});
  ASSERT_TRUE(succeeded(folded));
  EXPECT_EQ(*folded, 1u);
  ArrayRef<char> data = returnedData(*module);
  ASSERT_EQ(data.size(), size_t(n * n) * sizeof(float));
  int64_t wrong = 0;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float value;
      std::memcpy(&value, data.data() + (i * n + j) * sizeof(float),
                  sizeof(float));
      wrong += value != weight[j * n + i];
    }
  EXPECT_EQ(wrong, 0);

  // The transpose and the input constant are gone.
  int64_t linalgOps = 0;
  module->walk([&](linalg::LinalgOp) { ++linalgOps; });
  EXPECT_EQ(linalgOps, 0);
  auto func = module->lookupSymbol<func::FuncOp>("f");
  EXPECT_EQ(func.getBody().front().getOperations().size(), 2u);
}

TEST_F(FoldConstantsTest, LargeCastWithPermutation) {
  constexpr int64_t rows = 1024, cols = 2048;
  // bf16 bits of small integers (exact in bf16).
  std::vector<uint16_t> weight(rows * cols);
  for (int64_t i = 0; i < rows * cols; ++i) {
    float value = float(i % 251) - 125.0f;
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    weight[i] = uint16_t(bits >> 16);
  }
  std::string text = llvm::formatv(R"(
func.func @f() -> tensor<{1}x{0}xf32> {{
  %w = arith.constant dense_resource<w> : tensor<{0}x{1}xbf16>
  %e = tensor.empty() : tensor<{1}x{0}xf32>
  %c = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (j, i)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<{0}x{1}xbf16>) outs(%e : tensor<{1}x{0}xf32>) {{
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<{1}x{0}xf32>
  return %c : tensor<{1}x{0}xf32>
}
)",
                                   rows, cols);
  OwningOpRef<ModuleOp> module = parseWithBlob(
      text,
      ArrayRef<char>(reinterpret_cast<const char *>(weight.data()),
                     weight.size() * sizeof(uint16_t)),
      alignof(uint16_t));
  ASSERT_TRUE(module);

  FailureOr<unsigned> folded = foldConstantLinalgOps(*module, {});
  ASSERT_TRUE(succeeded(folded));
  EXPECT_EQ(*folded, 1u);
  ArrayRef<char> data = returnedData(*module);
  ASSERT_EQ(data.size(), size_t(rows * cols) * sizeof(float));
  int64_t wrong = 0;
  for (int64_t i = 0; i < cols; ++i)
    for (int64_t j = 0; j < rows; ++j) {
      float value;
      std::memcpy(&value, data.data() + (i * rows + j) * sizeof(float),
                  sizeof(float));
      wrong += value != float((j * cols + i) % 251) - 125.0f;
    }
  EXPECT_EQ(wrong, 0);
}

TEST_F(FoldConstantsTest, Limits) {
  // A 64x64x64 matmul of constants: 262144 iterations of a 2-op payload.
  std::string text = R"(
func.func @f() -> tensor<64x64xf32> {
  %a = arith.constant dense<1.0> : tensor<64x64xf32>
  %b = arith.constant dense_resource<w> : tensor<64x64xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m : tensor<64x64xf32>
}
)";
  std::vector<float> b(64 * 64);
  for (int64_t i = 0; i < 64 * 64; ++i)
    b[i] = float(i % 64);
  ArrayRef<char> blob(reinterpret_cast<const char *>(b.data()),
                      b.size() * sizeof(float));

  FoldConstantsOptions tight;
  tight.maxWork = 100000;
  OwningOpRef<ModuleOp> module = parseWithBlob(text, blob, alignof(float));
  ASSERT_TRUE(module);
  FailureOr<unsigned> folded = foldConstantLinalgOps(*module, tight);
  ASSERT_TRUE(succeeded(folded));
  EXPECT_EQ(*folded, 0u);

  module = parseWithBlob(text, blob, alignof(float));
  folded = foldConstantLinalgOps(*module, {});
  ASSERT_TRUE(succeeded(folded));
  EXPECT_EQ(*folded, 1u);
  // Every row of ones times column j of b (all j) sums 64 * j.
  ArrayRef<char> data = returnedData(*module);
  ASSERT_EQ(data.size(), size_t(64 * 64) * sizeof(float));
  float last;
  std::memcpy(&last, data.data() + (64 * 64 - 1) * sizeof(float),
              sizeof(float));
  EXPECT_EQ(last, 64.0f * 63.0f);
}

TEST_F(FoldConstantsTest, InvalidOptions) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>("module {}", &ctx);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  FoldConstantsOptions options;
  options.maxGrowth = -1;
  EXPECT_TRUE(failed(foldConstantLinalgOps(*module, options)));
  EXPECT_EQ(message, "invalid fold-constants option: max-growth must be "
                     "non-negative, got -1");
}
