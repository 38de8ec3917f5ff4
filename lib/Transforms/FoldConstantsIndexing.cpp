//===- FoldConstantsIndexing.cpp - index arithmetic of the folder ---------===//
//
// Linear forms of affine expressions and the accesses of operands through
// indexing maps (FoldConstantsIndexing.h), with every product and sum
// checked: an index that may leave its tensor is refused, never computed.
//
//===----------------------------------------------------------------------===//

#include "FoldConstantsIndexing.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;

namespace mlir::tuner::fold {

/// The product of `values`, or nullopt on overflow or a negative factor.
std::optional<int64_t> checkedProduct(ArrayRef<int64_t> values) {
  int64_t product = 1;
  for (int64_t v : values) {
    if (v < 0)
      return std::nullopt;
    std::optional<int64_t> next = llvm::checkedMul(product, v);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

int64_t saturatingMul(int64_t a, int64_t b) {
  if (std::optional<int64_t> product = llvm::checkedMul(a, b))
    return *product;
  return (a < 0) != (b < 0) ? std::numeric_limits<int64_t>::min()
                            : std::numeric_limits<int64_t>::max();
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  if (std::optional<int64_t> sum = llvm::checkedAdd(a, b))
    return *sum;
  return a < 0 ? std::numeric_limits<int64_t>::min()
               : std::numeric_limits<int64_t>::max();
}

/// Row-major strides of `shape` (whose element count is known not to
/// overflow).
SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

namespace {
/// An affine expression of the loop indices: sum(coeffs[d] * d) + constant.
struct LinearForm {
  SmallVector<int64_t> coeffs;
  int64_t constant = 0;
};
} // namespace

/// `expr` as a linear form of `numDims` loop indices; nullopt for mod, div,
/// symbols, or coefficients that overflow.
static std::optional<LinearForm> getLinearForm(AffineExpr expr,
                                               unsigned numDims) {
  LinearForm form;
  form.coeffs.assign(numDims, 0);
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    if (dim.getPosition() >= numDims)
      return std::nullopt;
    form.coeffs[dim.getPosition()] = 1;
    return form;
  }
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    form.constant = constant.getValue();
    return form;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<LinearForm> lhs = getLinearForm(binary.getLHS(), numDims);
  std::optional<LinearForm> rhs = getLinearForm(binary.getRHS(), numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add) {
    for (unsigned d = 0; d < numDims; ++d) {
      std::optional<int64_t> sum =
          llvm::checkedAdd(lhs->coeffs[d], rhs->coeffs[d]);
      if (!sum)
        return std::nullopt;
      form.coeffs[d] = *sum;
    }
    std::optional<int64_t> sum = llvm::checkedAdd(lhs->constant, rhs->constant);
    if (!sum)
      return std::nullopt;
    form.constant = *sum;
    return form;
  }
  if (expr.getKind() != AffineExprKind::Mul)
    return std::nullopt;
  // One side of an affine product is a constant.
  if (llvm::any_of(lhs->coeffs, [](int64_t c) { return c != 0; }))
    std::swap(lhs, rhs);
  if (llvm::any_of(lhs->coeffs, [](int64_t c) { return c != 0; }))
    return std::nullopt;
  int64_t factor = lhs->constant;
  for (unsigned d = 0; d < numDims; ++d) {
    std::optional<int64_t> product = llvm::checkedMul(rhs->coeffs[d], factor);
    if (!product)
      return std::nullopt;
    form.coeffs[d] = *product;
  }
  std::optional<int64_t> product = llvm::checkedMul(rhs->constant, factor);
  if (!product)
    return std::nullopt;
  form.constant = *product;
  return form;
}

FailureOr<Access> getAccess(AffineMap map, ArrayRef<int64_t> shape, bool splat,
                            ArrayRef<int64_t> ranges, std::string &why) {
  unsigned numDims = ranges.size();
  Access access;
  access.strides.assign(numDims, 0);
  if (map.getNumResults() != shape.size() || map.getNumDims() != numDims ||
      map.getNumSymbols() != 0) {
    why = "an indexing map does not match its operand";
    return failure();
  }
  bool empty = llvm::is_contained(ranges, 0);
  SmallVector<int64_t> tensorStrides = rowMajorStrides(shape);
  for (auto [k, expr] : llvm::enumerate(map.getResults())) {
    std::optional<LinearForm> form = getLinearForm(expr, numDims);
    if (!form) {
      why = llvm::formatv("indexing map {0} is not a linear function of the "
                          "loop indices",
                          map)
                .str();
      return failure();
    }
    // The smallest and largest index over the iteration space.
    int64_t low = form->constant, high = form->constant;
    for (unsigned d = 0; d < numDims && !empty; ++d) {
      int64_t extreme = saturatingMul(form->coeffs[d], ranges[d] - 1);
      if (form->coeffs[d] < 0)
        low = saturatingAdd(low, extreme);
      else
        high = saturatingAdd(high, extreme);
    }
    if (!empty && (low < 0 || high >= shape[k])) {
      why = llvm::formatv("indexing map {0} leaves its operand", map).str();
      return failure();
    }
    if (splat)
      continue;
    // In bounds, so no product below exceeds the element count.
    for (unsigned d = 0; d < numDims; ++d)
      access.strides[d] += form->coeffs[d] * tensorStrides[k];
    access.base += form->constant * tensorStrides[k];
  }
  return access;
}

} // namespace mlir::tuner::fold
