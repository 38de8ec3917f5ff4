//===- Im2colConvolutions.cpp - 16-bit convolutions as matmuls ------------===//
//
// A GPU's tensor cores take matmuls (gpu.contraction_mma); a convolution
// scheduled by gpu.conv2d runs on the CUDA cores. For a channels-last
// convolution with bf16/f16 inputs this rewrite gathers the input windows
// once (im2col), so that the convolution becomes a matmul of the windows by
// the filter:
//
//   %w = linalg.generic (n, oh, ow, kh, kw, c)
//          outs(tensor<N x OH x OW x KH x KW x C>)
//          { tensor.extract %in[n, oh * sh + kh * dh, ow * sw + kw * dw, c] }
//   %r = linalg.matmul ins(collapse(%w) : [N*OH*OW, KH*KW*C],
//                          collapse(%filter) : [KH*KW*C, F])
//                      outs(collapse(%init) : [N*OH*OW, F])
//   expand(%r) : [N, OH, OW, F]
//
// The matmul computes the same sums (the same products, accumulated in the
// same element type); the windows cost KH*KW reads and writes of the input.
// The reshapes are free: every collapsed group is contiguous.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERIM2COLCONVOLUTIONS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The tensor-core kernels (and padContractions) take matmuls whose M, N and
/// K are all at least this; smaller convolutions stay on gpu.conv2d.
static constexpr int64_t kMinExtent = 16;

/// Windows larger than this (bytes) are not materialized.
static constexpr int64_t kMaxWindowBytes = int64_t(1) << 30;

/// The static shape of a ranked tensor.
static ArrayRef<int64_t> shapeOf(Value tensor) {
  return cast<RankedTensorType>(tensor.getType()).getShape();
}

/// Whether `op` is a convolution this rewrite takes: static, on tensors,
/// inputs of one 16-bit float type, an f32 result (or f16 with f16 inputs:
/// the accumulator types of mma.sync), or with `f32`, f32 inputs and result
/// (tf32 tensor cores); and a matmul of M, N, K of at least kMinExtent
/// whose windows fit kMaxWindowBytes.
static bool isCandidate(linalg::Conv2DNhwcHwcfOp op, bool f32) {
  if (!op.hasPureTensorSemantics() || op.hasDynamicShape())
    return false;
  Type input = getElementTypeOrSelf(op.getDpsInputs()[0].getType());
  Type filter = getElementTypeOrSelf(op.getDpsInputs()[1].getType());
  Type result = getElementTypeOrSelf(op->getResult(0).getType());
  bool halfInputs = input.isBF16() || input.isF16();
  if (input != filter || !(halfInputs || (f32 && input.isF32())) ||
      !(result.isF32() || (result.isF16() && input.isF16())))
    return false;
  ArrayRef<int64_t> out = shapeOf(op.getDpsInits()[0]);
  ArrayRef<int64_t> f = shapeOf(op.getDpsInputs()[1]);
  int64_t m = out[0] * out[1] * out[2], n = f[3], k = f[0] * f[1] * f[2];
  return m >= kMinExtent && n >= kMinExtent && k >= kMinExtent &&
         m * k * input.getIntOrFloatBitWidth() / 8 <= kMaxWindowBytes;
}

/// The windows of `op`'s input: [N, OH, OW, KH, KW, C], element (n, oh, ow,
/// kh, kw, c) = input[n, oh * sh + kh * dh, ow * sw + kw * dw, c]. The
/// generic reads the input with tensor.extract (as upstream's
/// linalg::rewriteInIm2Col does): the vectorizer takes that form, and the
/// reads along c are contiguous.
static Value buildWindows(RewriterBase &rewriter, linalg::Conv2DNhwcHwcfOp op) {
  Location loc = op.getLoc();
  Value input = op.getDpsInputs()[0];
  ArrayRef<int64_t> out = shapeOf(op.getDpsInits()[0]);
  ArrayRef<int64_t> f = shapeOf(op.getDpsInputs()[1]);
  SmallVector<int64_t> shape = {out[0], out[1], out[2], f[0], f[1], f[2]};
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape,
                                        getElementTypeOrSelf(input.getType()));

  MLIRContext *ctx = rewriter.getContext();
  SmallVector<int64_t> strides(op.getStrides().getValues<int64_t>());
  SmallVector<int64_t> dilations(op.getDilations().getValues<int64_t>());
  AffineExpr o, k;
  bindDims(ctx, o, k);
  // The input row (column) of output row (column) o and filter row k.
  AffineMap strided[2] = {
      AffineMap::get(2, 0, o * strides[0] + k * dilations[0]),
      AffineMap::get(2, 0, o * strides[1] + k * dilations[1])};
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(6, ctx)};
  SmallVector<utils::IteratorType> iterators(6, utils::IteratorType::parallel);
  auto windows = linalg::GenericOp::create(
      rewriter, loc, empty.getType(), ValueRange{}, empty, maps, iterators,
      [&](OpBuilder &b, Location loc, ValueRange) {
        SmallVector<Value> index;
        for (int64_t d = 0; d < 6; ++d)
          index.push_back(linalg::IndexOp::create(b, loc, d));
        Value h = affine::AffineApplyOp::create(b, loc, strided[0],
                                                {index[1], index[3]});
        Value w = affine::AffineApplyOp::create(b, loc, strided[1],
                                                {index[2], index[4]});
        Value element = tensor::ExtractOp::create(
            b, loc, input, ValueRange{index[0], h, w, index[5]});
        linalg::YieldOp::create(b, loc, element);
      });
  return windows.getResult(0);
}

/// Whether `op` has a 1x1 filter and unit strides.
static bool isPointwise(linalg::Conv2DNhwcHwcfOp op) {
  ArrayRef<int64_t> f = shapeOf(op.getDpsInputs()[1]);
  return f[0] == 1 && f[1] == 1 &&
         llvm::all_of(op.getStrides().getValues<int64_t>(),
                      [](int64_t s) { return s == 1; });
}

/// Rewrites `op` into the matmul of its windows by its filter.
static void rewriteAsMatmul(RewriterBase &rewriter,
                            linalg::Conv2DNhwcHwcfOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<ReassociationIndices> windowGroups = {{0, 1, 2}, {3, 4, 5}};
  SmallVector<ReassociationIndices> lastApart = {{0, 1, 2}, {3}};
  // A 1x1 filter with unit strides reads each pixel once: the input is its
  // own windows.
  Value a = isPointwise(op)
                ? tensor::CollapseShapeOp::create(
                      rewriter, loc, op.getDpsInputs()[0], lastApart)
                : tensor::CollapseShapeOp::create(
                      rewriter, loc, buildWindows(rewriter, op), windowGroups);
  Value b = tensor::CollapseShapeOp::create(rewriter, loc, op.getDpsInputs()[1],
                                            lastApart);
  Value init = op.getDpsInits()[0];
  Value c = tensor::CollapseShapeOp::create(rewriter, loc, init, lastApart);
  Value product =
      linalg::MatmulOp::create(rewriter, loc, c.getType(), ValueRange{a, b}, c)
          .getResult(0);
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, init.getType(),
                                                     product, lastApart);
}

LogicalResult mlir::tuner::im2colConvolutions(Operation *root, bool f32) {
  SmallVector<linalg::Conv2DNhwcHwcfOp> convs;
  root->walk([&](linalg::Conv2DNhwcHwcfOp op) {
    if (isCandidate(op, f32))
      convs.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::Conv2DNhwcHwcfOp op : convs)
    rewriteAsMatmul(rewriter, op);
  return success();
}

namespace {
struct TunerIm2colConvolutionsPass
    : public tuner::impl::TunerIm2colConvolutionsBase<
          TunerIm2colConvolutionsPass> {
  using TunerIm2colConvolutionsBase::TunerIm2colConvolutionsBase;

  void runOnOperation() override {
    if (failed(im2colConvolutions(getOperation(), f32)))
      signalPassFailure();
  }
};
} // namespace
