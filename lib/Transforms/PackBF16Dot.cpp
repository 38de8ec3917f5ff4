//===- PackBF16Dot.cpp - bf16 matmuls in the form of bf16 dot products ----===//
//
// AVX512-BF16's vdpbf16ps multiplies pairs of bf16 values and adds both
// products to an f32 lane: it reads A's K pairs (k, k+1) of a row, and B's
// pairs of a column packed side by side ("VNNI" layout). This rewrite puts a
// bf16 x bf16 -> f32 matmul in that form:
//
//   A [M, K]            -> expand_shape          -> [M, K/2, 2]
//   B [K, N] or [N, K]  -> expand_shape, transpose -> [K/2, N, 2]
//   C[m, n] += ext(A[m, k, p]) * ext(B[k, n, p])   (p the pair, innermost)
//
// or, with a block of b columns (block-n), B in panels contiguous along K
// and C viewed in the same blocks:
//
//   B [K, N] or [N, K]  -> expand_shape, transpose -> [N/b, K/2, b, 2]
//   C [M, N]            -> expand_shape          -> [M, N/b, b]
//   C[m, nb, n] += ext(A[m, k, p]) * ext(B[nb, k, n, p]), then collapsed
//
// where N is padded with zero columns of B (and C) to whole blocks, in a
// count of blocks the register tiles (one to four blocks) divide, and the
// result is sliced back to N columns.
//
// A's reshape is free; B's transpose is a copy, folded at compile time when
// B is a constant (a weight) by tuner-fold-constants, which runs after it.
// The cpu.contraction_bf16_dot sketch schedules the packed form onto dot
// products; every other sketch still applies to it (it is a contraction).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERPACKBF16DOT
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// The operands of a matmul the rewrite applies to.
struct BF16Matmul {
  Value a, b, c;
  /// B is [N, K] (a matmul_transpose_b) rather than [K, N].
  bool bTransposed = false;
};

/// Whether `body` is `out + ext(a) * ext(b)` with both extensions to f32.
bool isExtMulAdd(Block &body) {
  if (body.getNumArguments() != 3 || body.getOperations().size() != 5)
    return false;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getNumOperands() == 1
                 ? yield.getOperand(0).getDefiningOp<arith::AddFOp>()
                 : arith::AddFOp();
  if (!add)
    return false;
  Value out = body.getArgument(2);
  Value product = add.getLhs() == out ? add.getRhs() : add.getLhs();
  if (add.getLhs() != out && add.getRhs() != out)
    return false;
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  auto lhs = mul.getLhs().getDefiningOp<arith::ExtFOp>();
  auto rhs = mul.getRhs().getDefiningOp<arith::ExtFOp>();
  if (!lhs || !rhs)
    return false;
  Value x = lhs.getIn(), y = rhs.getIn();
  return (x == body.getArgument(0) && y == body.getArgument(1)) ||
         (x == body.getArgument(1) && y == body.getArgument(0));
}

std::optional<BF16Matmul> matchBF16Matmul(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 3 || !op.hasPureTensorSemantics() ||
      op.getNumReductionLoops() != 1 || !isExtMulAdd(*op.getBlock()))
    return std::nullopt;
  auto type = [&](Value v) {
    return dyn_cast<RankedTensorType>(v.getType());
  };
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1],
        c = op.getDpsInits()[0];
  if (!type(a) || !type(b) || !type(c) || !type(a).hasStaticShape() ||
      !type(b).hasStaticShape() || !type(c).hasStaticShape() ||
      !type(a).getElementType().isBF16() ||
      !type(b).getElementType().isBF16() || !type(c).getElementType().isF32())
    return std::nullopt;
  MLIRContext *ctx = op.getContext();
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  auto map = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(3, 0, results, ctx);
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (op.getIteratorTypesArray()[2] != utils::IteratorType::reduction ||
      maps[0] != map({m, k}) || maps[2] != map({m, n}))
    return std::nullopt;
  BF16Matmul match{a, b, c};
  if (maps[1] == map({n, k}))
    match.bTransposed = true;
  else if (maps[1] != map({k, n}))
    return std::nullopt;
  if (type(a).getDimSize(1) % 2 != 0)
    return std::nullopt;
  return match;
}

/// `value` [d0, d1] as [d0, d1/2, 2] (`pairDim` = 1) or [d0/2, 2, d1] (0).
Value splitPairs(OpBuilder &b, Location loc, Value value, unsigned pairDim) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  SmallVector<ReassociationIndices> groups;
  if (pairDim == 1) {
    shape = {shape[0], shape[1] / 2, 2};
    groups = {{0}, {1, 2}};
  } else {
    shape = {shape[0] / 2, 2, shape[1]};
    groups = {{0, 1}, {2}};
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      groups);
}

/// `value` transposed by `perm`.
Value transpose(OpBuilder &b, Location loc, Value value,
                ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  Value empty = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, empty, perm)->getResult(0);
}

/// The indexing maps of the packed form over (m, n, k, p), or with B in
/// blocks of columns, over (m, nb, n, k, p).
SmallVector<AffineMap> getPackedMaps(MLIRContext *ctx, bool blocked) {
  if (!blocked) {
    AffineExpr m, n, k, p;
    bindDims(ctx, m, n, k, p);
    return {AffineMap::get(4, 0, {m, k, p}, ctx),
            AffineMap::get(4, 0, {k, n, p}, ctx),
            AffineMap::get(4, 0, {m, n}, ctx)};
  }
  AffineExpr m, nb, n, k, p;
  bindDims(ctx, m, nb, n, k, p);
  return {AffineMap::get(5, 0, {m, k, p}, ctx),
          AffineMap::get(5, 0, {nb, k, n, p}, ctx),
          AffineMap::get(5, 0, {m, nb, n}, ctx)};
}

/// The body of both packed forms: out + ext(a) * ext(b).
void buildExtMulAdd(OpBuilder &b, Location loc, ValueRange args) {
  Type f32 = b.getF32Type();
  Value x = arith::ExtFOp::create(b, loc, f32, args[0]);
  Value y = arith::ExtFOp::create(b, loc, f32, args[1]);
  Value prod = arith::MulFOp::create(b, loc, x, y);
  Value sum = arith::AddFOp::create(b, loc, args[2], prod);
  linalg::YieldOp::create(b, loc, sum);
}

/// B as [K/2, N, 2]; the contraction over (m, n, k, p).
Value rewriteInPairs(RewriterBase &rewriter, linalg::GenericOp op,
                     const BF16Matmul &mm, Value a) {
  Location loc = op.getLoc();
  Value b = mm.bTransposed
                ? transpose(rewriter, loc, splitPairs(rewriter, loc, mm.b, 1),
                            {1, 0, 2})
                : transpose(rewriter, loc, splitPairs(rewriter, loc, mm.b, 0),
                            {0, 2, 1});
  SmallVector<AffineMap> maps = getPackedMaps(op.getContext(), false);
  using utils::IteratorType;
  SmallVector<IteratorType> iterators = {
      IteratorType::parallel, IteratorType::parallel, IteratorType::reduction,
      IteratorType::reduction};
  return linalg::GenericOp::create(rewriter, loc, op.getResultTypes(),
                                   ValueRange{a, b}, ValueRange{mm.c}, maps,
                                   iterators, buildExtMulAdd)
      ->getResult(0);
}

/// The number of column blocks that N's `blocks` are padded to: register
/// tiles span 1 to 4 blocks and must divide their count, so a count with no
/// divisor among 2, 3 and 4 (a prime from 5 up: 43 blocks of N = 688) would
/// leave tiles of one block, a B load for every dot product (167 against
/// 228 GFLOP/s for 32 x 688 x 256 padded to 704, one Zen 4 core); one zero
/// block more makes it even.
static int64_t getPaddedBlockCount(int64_t blocks) {
  if (blocks < 5 || blocks % 2 == 0 || blocks % 3 == 0)
    return blocks;
  return blocks + 1;
}

/// `value` padded with zeros at the end of dimension `dim` to `size`.
static Value padEnd(OpBuilder &b, Location loc, Value value, unsigned dim,
                    int64_t size) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getDimSize(dim) == size)
    return value;
  SmallVector<int64_t> shape(type.getShape());
  SmallVector<OpFoldResult> low(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> high(type.getRank(), b.getIndexAttr(0));
  high[dim] = b.getIndexAttr(size - shape[dim]);
  shape[dim] = size;
  // A fill (a matmul's zero accumulator) is filled at the padded size.
  if (auto fill = value.getDefiningOp<linalg::FillOp>()) {
    Value empty = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
    return linalg::FillOp::create(b, loc, fill.getInputs(), empty).result();
  }
  Value zero =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
  return tensor::PadOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value, low,
      high, zero);
}

/// B as [Nb/block, K/2, block, 2], C viewed as [M, Nb/block, block]; the
/// contraction over (m, nb, n, k, p), its result viewed as [M, Nb] and
/// sliced to [M, N]. Nb is N padded with zero columns to whole blocks, in a
/// count register tiles divide (getPaddedBlockCount).
Value rewriteBlocked(RewriterBase &rewriter, linalg::GenericOp op,
                     const BF16Matmul &mm, Value a, int64_t block) {
  Location loc = op.getLoc();
  auto bType = cast<RankedTensorType>(mm.b.getType());
  auto cType = cast<RankedTensorType>(mm.c.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1);
  int64_t blocks = getPaddedBlockCount(llvm::divideCeil(n, block));
  int64_t padded = blocks * block;
  int64_t k = mm.bTransposed ? bType.getDimSize(1) : bType.getDimSize(0);
  auto expand = [&](Value v, ArrayRef<int64_t> shape,
                    ArrayRef<ReassociationIndices> groups) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    return tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, type.getElementType()), v,
        groups);
  };
  Value bPadded = padEnd(rewriter, loc, mm.b, mm.bTransposed ? 0 : 1, padded);
  Value b = mm.bTransposed
                ? transpose(rewriter, loc,
                            expand(bPadded, {blocks, block, k / 2, 2},
                                   {{0, 1}, {2, 3}}),
                            {0, 2, 1, 3})
                : transpose(rewriter, loc,
                            expand(bPadded, {k / 2, 2, blocks, block},
                                   {{0, 1}, {2, 3}}),
                            {2, 0, 3, 1});
  SmallVector<ReassociationIndices> cGroups = {{0}, {1, 2}};
  Value c = expand(padEnd(rewriter, loc, mm.c, 1, padded), {m, blocks, block},
                   cGroups);
  SmallVector<AffineMap> maps = getPackedMaps(op.getContext(), true);
  using utils::IteratorType;
  SmallVector<IteratorType> iterators = {
      IteratorType::parallel, IteratorType::parallel, IteratorType::parallel,
      IteratorType::reduction, IteratorType::reduction};
  Value blocked =
      linalg::GenericOp::create(rewriter, loc, c.getType(), ValueRange{a, b},
                                ValueRange{c}, maps, iterators, buildExtMulAdd)
          ->getResult(0);
  Value result = tensor::CollapseShapeOp::create(
      rewriter, loc, RankedTensorType::get({m, padded}, cType.getElementType()),
      blocked, cGroups);
  if (padded == n)
    return result;
  return tensor::ExtractSliceOp::create(
      rewriter, loc, cType, result,
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0),
                             rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(m),
                             rewriter.getIndexAttr(n)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1),
                             rewriter.getIndexAttr(1)});
}

void rewrite(RewriterBase &rewriter, linalg::GenericOp op, const BF16Matmul &mm,
             int64_t block) {
  rewriter.setInsertionPoint(op);
  Value a = splitPairs(rewriter, op.getLoc(), mm.a, /*pairDim=*/1);
  auto cType = cast<RankedTensorType>(mm.c.getType());
  // N is padded to whole blocks from four blocks up; a shorter N that is not
  // whole blocks keeps the pairs form (padding could nearly double it).
  int64_t n = cType.getDimSize(1);
  bool blocked = block > 0 && (n % block == 0 || n >= 4 * block);
  Value result = blocked ? rewriteBlocked(rewriter, op, mm, a, block)
                         : rewriteInPairs(rewriter, op, mm, a);
  rewriter.replaceOp(op, result);
}

/// The generic form of `op` when it is (or generalizes to) a bf16 matmul.
std::optional<std::pair<linalg::GenericOp, BF16Matmul>>
getBF16Matmul(RewriterBase &rewriter, linalg::LinalgOp op, bool generalize) {
  if (op.getNumDpsInputs() != 2 || op.getNumLoops() != 3)
    return std::nullopt;
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    // Only named ops whose generic form can match (matmul's, and matmul
    // with a transposed B) are generalized, and only when asked to.
    if (!isa<linalg::MatmulOp>(op.getOperation()) || !generalize)
      return std::nullopt;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::GenericOp> g = linalg::generalizeNamedOp(rewriter, op);
    if (failed(g))
      return std::nullopt;
    generic = *g;
  }
  std::optional<BF16Matmul> mm = matchBF16Matmul(generic);
  if (!mm)
    return std::nullopt;
  return std::make_pair(generic, *mm);
}
} // namespace

bool mlir::tuner::isPackableBF16Matmul(linalg::LinalgOp op) {
  if (isa<linalg::GenericOp>(op.getOperation()))
    return matchBF16Matmul(cast<linalg::GenericOp>(op.getOperation()))
        .has_value();
  // A named matmul: its generic form is extf/extf/mulf/addf exactly when its
  // inputs are bf16 and its output f32.
  auto type = [](Value v) { return dyn_cast<RankedTensorType>(v.getType()); };
  if (!isa<linalg::MatmulOp>(op.getOperation()) || !op.hasPureTensorSemantics())
    return false;
  auto a = type(op.getDpsInputs()[0]), b = type(op.getDpsInputs()[1]),
       c = type(op.getDpsInits()[0]);
  auto matmul = cast<linalg::MatmulOp>(op.getOperation());
  return a && b && c && a.hasStaticShape() && b.hasStaticShape() &&
         c.hasStaticShape() && a.getElementType().isBF16() &&
         b.getElementType().isBF16() && c.getElementType().isF32() &&
         a.getDimSize(1) % 2 == 0 && !matmul.hasUserDefinedMaps();
}

bool mlir::tuner::isPackedBF16Dot(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 ||
      (generic.getNumLoops() != 4 && generic.getNumLoops() != 5) ||
      !generic.hasPureTensorSemantics() || !isExtMulAdd(*generic.getBlock()))
    return false;
  auto type = [](Value v) { return dyn_cast<RankedTensorType>(v.getType()); };
  auto a = type(generic.getDpsInputs()[0]), b = type(generic.getDpsInputs()[1]),
       c = type(generic.getDpsInits()[0]);
  if (!a || !b || !c || !a.hasStaticShape() || !b.hasStaticShape() ||
      !a.getElementType().isBF16() || !b.getElementType().isBF16() ||
      !c.getElementType().isF32() || a.getDimSize(2) != 2)
    return false;
  bool blocked = generic.getNumLoops() == 5;
  unsigned numParallel = blocked ? 3 : 2;
  using utils::IteratorType;
  for (auto [i, it] : llvm::enumerate(generic.getIteratorTypesArray()))
    if ((it == IteratorType::parallel) != (i < numParallel))
      return false;
  return generic.getIndexingMapsArray() ==
         getPackedMaps(op.getContext(), blocked);
}

bool mlir::tuner::isBlockedBF16Dot(linalg::LinalgOp op) {
  return isPackedBF16Dot(op) && op.getNumLoops() == 5;
}

/// Whether the M, N and K/2 of the packable matmul `op` are multiples of
/// `multiple`.
static bool hasExtentsMultipleOf(linalg::LinalgOp op, int64_t multiple) {
  auto a = cast<RankedTensorType>(op.getDpsInputs()[0].getType());
  auto c = cast<RankedTensorType>(op.getDpsInits()[0].getType());
  return c.getDimSize(0) % multiple == 0 && c.getDimSize(1) % multiple == 0 &&
         (a.getDimSize(1) / 2) % multiple == 0;
}

LogicalResult mlir::tuner::packBF16DotOperands(Operation *root,
                                               int64_t multiple,
                                               int64_t blockN) {
  SmallVector<linalg::LinalgOp> candidates;
  root->walk([&](linalg::LinalgOp op) {
    if (isPackableBF16Matmul(op) && hasExtentsMultipleOf(op, multiple))
      candidates.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : candidates)
    if (auto found = getBF16Matmul(rewriter, op, /*generalize=*/true))
      rewrite(rewriter, found->first, found->second, blockN);
  return success();
}

namespace {
struct TunerPackBF16DotPass
    : public tuner::impl::TunerPackBF16DotBase<TunerPackBF16DotPass> {
  using TunerPackBF16DotBase::TunerPackBF16DotBase;
  void runOnOperation() override {
    if (multiple < 1) {
      getOperation()->emitError()
          << "tuner-pack-bf16-dot: multiple must be at least 1, got "
          << static_cast<int64_t>(multiple);
      return signalPassFailure();
    }
    if (blockN < 0) {
      getOperation()->emitError()
          << "tuner-pack-bf16-dot: block-n must not be negative, got "
          << static_cast<int64_t>(blockN);
      return signalPassFailure();
    }
    if (failed(packBF16DotOperands(getOperation(), multiple, blockN)))
      signalPassFailure();
  }
};
} // namespace
