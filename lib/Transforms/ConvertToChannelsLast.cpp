//===- ConvertToChannelsLast.cpp - convolutions in NHWC layout ------------===//
//
// PyTorch exports convolutions channels first (NCHW). The CPU sketches
// vectorize along the channels, which must then be the contiguous
// dimension: each channels-first convolution or pooling becomes its
// channels-last form between transposes. The transposes of constant filters
// fold at compile time; a transpose back to NCHW followed by elementwise ops
// and a transpose to NHWC for the next convolution fuse into elementwise
// ops in NHWC (fuseElementwiseOps), so that a chain of convolutions stays
// channels last. 1-D convolutions become 2-D ones of height 1, 3-D ones a
// 2-D one per filter depth, grouped ones one per group, and FHWC filters
// HWCF: forms the 2-D sketches schedule.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERCONVERTTOCHANNELSLAST
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// `values` permuted: result[i] = values[perm[i]].
template <typename T>
static SmallVector<T> permute(ArrayRef<T> values, ArrayRef<int64_t> perm) {
  SmallVector<T> result;
  for (int64_t p : perm)
    result.push_back(values[p]);
  return result;
}

/// `value` (a static-shaped tensor) transposed by `perm` (result dimension i
/// is dimension perm[i] of `value`). Fills, splat constants and constant
/// pads are rebuilt in the new layout rather than transposed.
static Value transposeValue(OpBuilder &b, Location loc, Value value,
                            ArrayRef<int64_t> perm) {
  if (isIdentityPermutation(perm))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  auto newType = RankedTensorType::get(permute(type.getShape(), perm),
                                       type.getElementType());
  Operation *def = value.getDefiningOp();
  if (auto fill = dyn_cast_or_null<linalg::FillOp>(def)) {
    Value empty = tensor::EmptyOp::create(b, loc, newType.getShape(),
                                          newType.getElementType());
    return linalg::FillOp::create(b, loc, fill.getInputs(), empty).result();
  }
  if (auto constant = dyn_cast_or_null<arith::ConstantOp>(def)) {
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      return arith::ConstantOp::create(b, loc, splat.reshape(newType));
  }
  if (auto pad = dyn_cast_or_null<tensor::PadOp>(def)) {
    Value padding = pad.getConstantPaddingValue();
    if (padding && pad.getStaticLow().size() == perm.size() &&
        !ShapedType::isDynamicShape(pad.getStaticLow()) &&
        !ShapedType::isDynamicShape(pad.getStaticHigh())) {
      Value source = transposeValue(b, loc, pad.getSource(), perm);
      SmallVector<OpFoldResult> low, high;
      for (int64_t p : perm) {
        low.push_back(b.getIndexAttr(pad.getStaticLow()[p]));
        high.push_back(b.getIndexAttr(pad.getStaticHigh()[p]));
      }
      return tensor::PadOp::create(b, loc, newType, source, low, high,
                                   padding, pad.getNofold());
    }
  }
  Value empty = tensor::EmptyOp::create(b, loc, newType.getShape(),
                                        newType.getElementType());
  return linalg::TransposeOp::create(b, loc, value, empty, perm).getResult()[0];
}

static bool hasStaticTensors(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() &&
         llvm::all_of(op->getOperandTypes(), [](Type t) {
           auto tensor = dyn_cast<RankedTensorType>(t);
           return tensor && tensor.hasStaticShape();
         });
}

namespace {
/// Rewrites a channels-first convolution or pooling `SourceOp` into
/// `TargetOp`, transposing its input and init by `toChannelsLast` (NCHW to
/// NHWC by default; NCDHW to NDHWC for 3-D), its filter (or window) by
/// `filterPerm`, and its result back.
template <typename SourceOp, typename TargetOp>
struct ChannelsLastPattern : public OpRewritePattern<SourceOp> {
  ChannelsLastPattern(MLIRContext *ctx, SmallVector<int64_t> filterPerm,
                      SmallVector<int64_t> toChannelsLast = {0, 2, 3, 1})
      : OpRewritePattern<SourceOp>(ctx), filterPerm(std::move(filterPerm)),
        toChannelsLast(std::move(toChannelsLast)) {}

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op) || op.getInputs().size() != 2 ||
        op.getOutputs().size() != 1)
      return rewriter.notifyMatchFailure(op, "needs static tensors");
    Location loc = op.getLoc();
    Value input =
        transposeValue(rewriter, loc, op.getInputs()[0], toChannelsLast);
    Value filter = op.getInputs()[1];
    if (!filterPerm.empty())
      filter = transposeValue(rewriter, loc, filter, filterPerm);
    Value init =
        transposeValue(rewriter, loc, op.getOutputs()[0], toChannelsLast);
    auto converted =
        TargetOp::create(rewriter, loc, TypeRange{init.getType()},
                         ValueRange{input, filter}, ValueRange{init},
                         op.getStrides(), op.getDilations());
    Value result = transposeValue(rewriter, loc, converted->getResult(0),
                                  invertPermutationVector(toChannelsLast));
    rewriter.replaceOp(op, result);
    return success();
  }

  SmallVector<int64_t> filterPerm, toChannelsLast;
};

/// Whether `body` computes acc + cast(a) * cast(b), with signed or float
/// extensions at most: the semantics of the named convolutions.
static bool isMulAddBody(Block &body) {
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1 || body.getNumArguments() != 3)
    return false;
  Operation *add = yield.getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::AddFOp, arith::AddIOp>(add))
    return false;
  Value acc = body.getArgument(2);
  Value product = add->getOperand(0) == acc ? add->getOperand(1)
                                            : add->getOperand(0);
  if (add->getOperand(0) != acc && add->getOperand(1) != acc)
    return false;
  Operation *mul = product.getDefiningOp();
  if (!isa_and_nonnull<arith::MulFOp, arith::MulIOp>(mul) ||
      !product.hasOneUse())
    return false;
  size_t ops = 2;
  for (auto [i, operand] : llvm::enumerate(mul->getOperands())) {
    Value v = operand;
    if (auto cast = v.getDefiningOp();
        isa_and_nonnull<arith::ExtFOp, arith::ExtSIOp, arith::SIToFPOp>(cast)) {
      v = cast->getOperand(0);
      ++ops;
    }
    if (v != body.getArgument(i))
      return false;
  }
  // Nothing else is computed.
  return body.getOperations().size() == ops + 1;
}

/// The position in `map`'s results of the expression that uses loop `dim`
/// (alone or in a sum), if exactly one does.
static std::optional<unsigned> findResultUsing(AffineMap map, unsigned dim) {
  std::optional<unsigned> found;
  for (auto [i, expr] : llvm::enumerate(map.getResults())) {
    if (!expr.isFunctionOfDim(dim))
      continue;
    if (found)
      return std::nullopt;
    found = i;
  }
  return found;
}

/// The permutation taking the results of `map` to the order of the loops
/// `order` (each used by exactly one result), or failure.
static FailureOr<SmallVector<int64_t>> getPermutation(AffineMap map,
                                                      ArrayRef<unsigned> order) {
  if (map.getNumResults() != order.size())
    return failure();
  SmallVector<int64_t> perm;
  for (unsigned dim : order) {
    std::optional<unsigned> pos = findResultUsing(map, dim);
    if (!pos || llvm::is_contained(perm, *pos))
      return failure();
    perm.push_back(*pos);
  }
  return perm;
}

/// A convolution written as a linalg.generic (any layout: a loop nest of
/// batch, two output pixels, output channels and a window over input
/// channels, as Halide and hand-written IR have it) becomes the named
/// channels-last op (conv_2d_nhwc_hwcf, or depthwise_conv_2d_nhwc_hwc when
/// the channel loop indexes all three operands), between transposes.
struct GenericConvToNamed : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op) || op.getNumDpsInputs() != 2 ||
        op.getNumDpsInits() != 1 || !linalg::isaConvolutionOpInterface(op) ||
        !isMulAddBody(*op.getBlock()))
      return rewriter.notifyMatchFailure(op, "not a mul-add convolution");
    FailureOr<linalg::ConvolutionDimensions> dims =
        linalg::inferConvolutionDims(op);
    if (failed(dims) || dims->batch.size() != 1 ||
        dims->outputImage.size() != 2 || dims->filterLoop.size() != 2)
      return rewriter.notifyMatchFailure(op, "not a batched 2-D window");
    bool depthwise = dims->depth.size() == 1 && dims->outputChannel.empty() &&
                     dims->inputChannel.empty();
    bool regular = dims->depth.empty() && dims->outputChannel.size() == 1 &&
                   dims->inputChannel.size() == 1;
    if (!depthwise && !regular)
      return rewriter.notifyMatchFailure(op, "unsupported channel loops");
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    // The output's order of the two pixel loops decides which is H.
    unsigned oh = dims->outputImage[0], ow = dims->outputImage[1];
    auto ohPos = findResultUsing(maps[2], oh), owPos = findResultUsing(maps[2], ow);
    if (!ohPos || !owPos)
      return rewriter.notifyMatchFailure(op, "pixel loops not in the output");
    bool swapped = *ohPos > *owPos;
    if (swapped)
      std::swap(oh, ow);
    unsigned kh = dims->filterLoop[swapped ? 1 : 0];
    unsigned kw = dims->filterLoop[swapped ? 0 : 1];
    unsigned n = dims->batch[0];
    unsigned c = depthwise ? dims->depth[0] : dims->inputChannel[0];
    unsigned f = depthwise ? c : dims->outputChannel[0];
    // The window loops must pair with the pixel loops they slide along.
    auto inH = findResultUsing(maps[0], oh), inW = findResultUsing(maps[0], ow);
    if (!inH || !inW || findResultUsing(maps[0], kh) != inH ||
        findResultUsing(maps[0], kw) != inW)
      return rewriter.notifyMatchFailure(op, "window does not match pixels");
    auto inPerm = getPermutation(maps[0], {n, oh, ow, c});
    auto filterPerm = depthwise ? getPermutation(maps[1], {kh, kw, c})
                                : getPermutation(maps[1], {kh, kw, c, f});
    auto outPerm = depthwise ? getPermutation(maps[2], {n, oh, ow, c})
                             : getPermutation(maps[2], {n, oh, ow, f});
    if (failed(inPerm) || failed(filterPerm) || failed(outPerm))
      return rewriter.notifyMatchFailure(op, "extra or shared dimensions");

    unsigned hIndex = swapped ? 1 : 0;
    SmallVector<int64_t> strides = {dims->strides[hIndex],
                                    dims->strides[1 - hIndex]};
    SmallVector<int64_t> dilations = {dims->dilations[hIndex],
                                      dims->dilations[1 - hIndex]};
    Location loc = op.getLoc();
    auto toLayout = [&](Value v, ArrayRef<int64_t> perm) {
      return isIdentityPermutation(perm) ? v
                                         : transposeValue(rewriter, loc, v, perm);
    };
    Value input = toLayout(op.getDpsInputs()[0], *inPerm);
    Value filter = toLayout(op.getDpsInputs()[1], *filterPerm);
    Value init = toLayout(op.getDpsInits()[0], *outPerm);
    auto attr = [&](ArrayRef<int64_t> values) {
      return rewriter.getI64TensorAttr(values);
    };
    Operation *conv;
    if (depthwise)
      conv = linalg::DepthwiseConv2DNhwcHwcOp::create(
          rewriter, loc, TypeRange{init.getType()}, ValueRange{input, filter},
          ValueRange{init}, attr(strides), attr(dilations));
    else
      conv = linalg::Conv2DNhwcHwcfOp::create(
          rewriter, loc, TypeRange{init.getType()}, ValueRange{input, filter},
          ValueRange{init}, attr(strides), attr(dilations));
    Value result = conv->getResult(0);
    if (!isIdentityPermutation(*outPerm))
      result = transposeValue(rewriter, loc, result,
                              invertPermutationVector(*outPerm));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `value` with a unit dimension inserted at `pos` (grouped with the
/// dimension after it, or before it at the end).
static Value insertUnitDim(OpBuilder &b, Location loc, Value value,
                           int64_t pos) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + pos, 1);
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0, next = 0; i < type.getRank(); ++i) {
    ReassociationIndices group;
    if (i == pos)
      group.push_back(next++);
    group.push_back(next++);
    if (i == type.getRank() - 1 && pos == type.getRank())
      group.push_back(next++);
    groups.push_back(group);
  }
  return tensor::ExpandShapeOp::create(b, loc, type.clone(shape), value,
                                       groups);
}

/// Rewrites a 1-D convolution `SourceOp` into the 2-D `TargetOp` with an
/// output height of 1 (so that the 2-D sketches schedule it): the input,
/// the filter and the init get a unit height at `unitDims` (expand_shape),
/// the strides and dilations a unit first entry, and the result loses the
/// unit dimension again. A channels-first result is then made channels
/// last by the patterns for 2-D convolutions.
template <typename SourceOp, typename TargetOp>
struct Conv1DTo2D : public OpRewritePattern<SourceOp> {
  Conv1DTo2D(MLIRContext *ctx, std::array<int64_t, 3> unitDims)
      : OpRewritePattern<SourceOp>(ctx), unitDims(unitDims) {}

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op))
      return rewriter.notifyMatchFailure(op, "needs static tensors");
    Location loc = op.getLoc();
    Value input = insertUnitDim(rewriter, loc, op.getInputs()[0], unitDims[0]);
    Value filter = insertUnitDim(rewriter, loc, op.getInputs()[1], unitDims[1]);
    Value init = insertUnitDim(rewriter, loc, op.getOutputs()[0], unitDims[2]);
    auto twoD = [&](DenseIntElementsAttr attr) {
      int64_t v = attr ? *attr.getValues<int64_t>().begin() : 1;
      return rewriter.getI64TensorAttr({1, v});
    };
    auto conv = TargetOp::create(
        rewriter, loc, TypeRange{init.getType()}, ValueRange{input, filter},
        ValueRange{init}, twoD(op.getStrides()), twoD(op.getDilations()));
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    auto expanded = cast<tensor::ExpandShapeOp>(init.getDefiningOp());
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        op, resultType, conv->getResult(0), expanded.getReassociationIndices());
    return success();
  }

  std::array<int64_t, 3> unitDims;
};

/// Rewrites a 3-D convolution (NDHWC, DHWCF) into KD 2-D convolutions that
/// accumulate into the same output, one per filter depth kd: the input's
/// depth slice kd * dilation + stride * od, its (N, OD) dimensions folded
/// into the batch, convolved with the filter's slice kd. The KD convolutions
/// have one shape: one task, which cpu.conv2d schedules.
struct Conv3DToConv2D : public OpRewritePattern<linalg::Conv3DNdhwcDhwcfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::Conv3DNdhwcDhwcfOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op))
      return rewriter.notifyMatchFailure(op, "needs static tensors");
    Location loc = op.getLoc();
    Value input = op.getInputs()[0], filter = op.getInputs()[1];
    auto inType = cast<RankedTensorType>(input.getType());
    auto filterType = cast<RankedTensorType>(filter.getType());
    auto outType = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<int64_t> strides(op.getStrides().getValues<int64_t>());
    SmallVector<int64_t> dilations(op.getDilations().getValues<int64_t>());
    ArrayRef<int64_t> in = inType.getShape(), out = outType.getShape(),
                      fs = filterType.getShape();
    SmallVector<ReassociationIndices> batch = {{0, 1}, {2}, {3}, {4}};
    Value acc = tensor::CollapseShapeOp::create(rewriter, loc,
                                                op.getOutputs()[0], batch);
    auto i = [&](int64_t v) -> OpFoldResult {
      return rewriter.getIndexAttr(v);
    };
    for (int64_t kd = 0; kd < fs[0]; ++kd) {
      Value slice = tensor::ExtractSliceOp::create(
          rewriter, loc, input,
          ArrayRef<OpFoldResult>{i(0), i(kd * dilations[0]), i(0), i(0), i(0)},
          ArrayRef<OpFoldResult>{i(in[0]), i(out[1]), i(in[2]), i(in[3]),
                                 i(in[4])},
          ArrayRef<OpFoldResult>{i(1), i(strides[0]), i(1), i(1), i(1)});
      Value planes =
          tensor::CollapseShapeOp::create(rewriter, loc, slice, batch);
      auto filterSliceType = RankedTensorType::get({fs[1], fs[2], fs[3], fs[4]},
                                                   filterType.getElementType());
      Value weights = tensor::ExtractSliceOp::create(
          rewriter, loc, filterSliceType, filter,
          ArrayRef<OpFoldResult>{i(kd), i(0), i(0), i(0), i(0)},
          ArrayRef<OpFoldResult>{i(1), i(fs[1]), i(fs[2]), i(fs[3]), i(fs[4])},
          ArrayRef<OpFoldResult>{i(1), i(1), i(1), i(1), i(1)});
      acc = linalg::Conv2DNhwcHwcfOp::create(
                rewriter, loc, TypeRange{acc.getType()},
                ValueRange{planes, weights}, ValueRange{acc},
                rewriter.getI64TensorAttr({strides[1], strides[2]}),
                rewriter.getI64TensorAttr({dilations[1], dilations[2]}))
                ->getResult(0);
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, outType, acc, batch);
    return success();
  }
};

/// Offsets, sizes and strides of the slice of a tensor of `type` at
/// `index` of dimension `dim` (size 1 there, all of the others).
struct UnitSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
};
static UnitSlice getUnitSlice(OpBuilder &b, RankedTensorType type, int64_t dim,
                              int64_t index) {
  UnitSlice slice;
  slice.offsets.assign(type.getRank(), b.getIndexAttr(0));
  slice.strides.assign(type.getRank(), b.getIndexAttr(1));
  for (int64_t d : type.getShape())
    slice.sizes.push_back(b.getIndexAttr(d));
  slice.offsets[dim] = b.getIndexAttr(index);
  slice.sizes[dim] = b.getIndexAttr(1);
  return slice;
}

/// The slice of `value` at `index` (an index value) of dimension `dim`,
/// that dimension dropped (rank-reducing).
static Value sliceAt(OpBuilder &b, Location loc, Value value, int64_t dim,
                     Value index) {
  auto type = cast<RankedTensorType>(value.getType());
  UnitSlice slice = getUnitSlice(b, type, dim, 0);
  slice.offsets[dim] = index;
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return tensor::ExtractSliceOp::create(b, loc, type.clone(shape), value,
                                        slice.offsets, slice.sizes,
                                        slice.strides);
}

/// Rewrites a grouped 2-D convolution `SourceOp` into an scf.for over the
/// groups holding one `linalg.conv_2d_nhwc_hwcf` on the group's slices, in
/// channels last: the input transposed to NHWGC, the filter to GHWCF
/// (folded at compile time for a constant), the init to NHWGF, each
/// transposed once before the loop, the result back after it. One op
/// whatever the number of groups: one task, a loop the lowering keeps (one
/// convolution per group unrolled gave RegNet's 16 grouped convolutions 536
/// ops, and the scheduling passes time quadratic in them).
template <typename SourceOp>
struct GroupedConvToLoop : public OpRewritePattern<SourceOp> {
  /// Permutations to NHWGC (input), GHWCF (filter) and NHWGF (output).
  GroupedConvToLoop(MLIRContext *ctx, SmallVector<int64_t> inputPerm,
                    SmallVector<int64_t> filterPerm,
                    SmallVector<int64_t> outputPerm)
      : OpRewritePattern<SourceOp>(ctx), inputPerm(std::move(inputPerm)),
        filterPerm(std::move(filterPerm)), outputPerm(std::move(outputPerm)) {}

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op))
      return rewriter.notifyMatchFailure(op, "needs static tensors");
    Location loc = op.getLoc();
    Value input = transposeValue(rewriter, loc, op.getInputs()[0], inputPerm);
    Value filter =
        transposeValue(rewriter, loc, op.getInputs()[1], filterPerm);
    Value init = transposeValue(rewriter, loc, op.getOutputs()[0], outputPerm);
    int64_t groups = cast<RankedTensorType>(init.getType()).getDimSize(3);
    auto c = [&](int64_t v) {
      return arith::ConstantIndexOp::create(rewriter, loc, v).getResult();
    };
    auto loop = scf::ForOp::create(
        rewriter, loc, c(0), c(groups), c(1), ValueRange{init},
        [&](OpBuilder &b, Location l, Value g, ValueRange acc) {
          Value in = sliceAt(b, l, input, 3, g);
          Value weights = sliceAt(b, l, filter, 0, g);
          Value out = sliceAt(b, l, acc[0], 3, g);
          Value conv = linalg::Conv2DNhwcHwcfOp::create(
                           b, l, TypeRange{out.getType()},
                           ValueRange{in, weights}, ValueRange{out},
                           op.getStrides(), op.getDilations())
                           ->getResult(0);
          auto accType = cast<RankedTensorType>(acc[0].getType());
          UnitSlice slice = getUnitSlice(b, accType, 3, 0);
          slice.offsets[3] = g;
          Value next = tensor::InsertSliceOp::create(
              b, l, conv, acc[0], slice.offsets, slice.sizes, slice.strides);
          scf::YieldOp::create(b, l, next);
        });
    rewriter.replaceOp(op, transposeValue(rewriter, loc, loop.getResult(0),
                                          invertPermutationVector(outputPerm)));
    return success();
  }

  SmallVector<int64_t> inputPerm, filterPerm, outputPerm;
};

/// A convolution whose filter is FHWC (`conv_2d_nhwc_fhwc`) becomes
/// `conv_2d_nhwc_hwcf` on the filter transposed to HWCF (folded at compile
/// time for a constant filter).
struct FilterToHWCF : public OpRewritePattern<linalg::Conv2DNhwcFhwcOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::Conv2DNhwcFhwcOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op))
      return rewriter.notifyMatchFailure(op, "needs static tensors");
    Value filter = transposeValue(rewriter, op.getLoc(), op.getInputs()[1],
                                  SmallVector<int64_t>{1, 2, 3, 0});
    rewriter.replaceOpWithNewOp<linalg::Conv2DNhwcHwcfOp>(
        op, op->getResultTypes(), ValueRange{op.getInputs()[0], filter},
        op.getOutputs(), op.getStrides(), op.getDilations());
    return success();
  }
};

/// `value` (integers) sign extended to `type`'s element type minus the
/// scalar `zero` (extended or truncated to it): an elementwise generic.
static Value subtractZeroPoint(OpBuilder &b, Location loc, Value value,
                               Value zero, Type elt) {
  auto type = cast<RankedTensorType>(value.getType());
  Value z = convertScalarToDtype(b, loc, zero, elt, /*isUnsignedCast=*/false);
  // Dynamic sizes too (a quantized convolution on a dynamic batch).
  Value empty = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, value), elt);
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(type.getRank()));
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, empty.getType(), ValueRange{value}, ValueRange{empty},
             maps, parallel,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               Value v = convertScalarToDtype(nb, nl, args[0], elt,
                                              /*isUnsignedCast=*/false);
               linalg::YieldOp::create(
                   nb, nl, arith::SubIOp::create(nb, nl, v, z).getResult());
             })
      .getResult(0);
}

/// A quantized convolution (`SourceOp`: input, filter, input zero point,
/// filter zero point) becomes `TargetOp` on the input and the filter minus
/// their zero points in the accumulator's type (an elementwise op each; the
/// filter's folds at compile time when it is a constant). The convolution
/// sketches extend i8 to the accumulator's type anyway; only the input's
/// elements get wider in memory.
template <typename SourceOp, typename TargetOp>
struct QuantizedConvToConv : public OpRewritePattern<SourceOp> {
  using OpRewritePattern<SourceOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(SourceOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "needs tensors");
    Location loc = op.getLoc();
    Value init = op.getOutputs()[0];
    Type elt = cast<RankedTensorType>(init.getType()).getElementType();
    if (!elt.isInteger())
      return rewriter.notifyMatchFailure(op, "needs an integer accumulator");
    Value input = subtractZeroPoint(rewriter, loc, op.getInputs()[0],
                                    op.getInputs()[2], elt);
    Value filter = subtractZeroPoint(rewriter, loc, op.getInputs()[1],
                                     op.getInputs()[3], elt);
    rewriter.replaceOpWithNewOp<TargetOp>(
        op, op->getResultTypes(), ValueRange{input, filter}, ValueRange{init},
        op.getStrides(), op.getDilations());
    return success();
  }
};

/// A 1x1 convolution with unit strides is a matmul of the pixels (N*H*W
/// rows) by the filter (C x F): collapse, multiply, expand.
struct PointwiseConvToMatmul
    : public OpRewritePattern<linalg::Conv2DNhwcHwcfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::Conv2DNhwcHwcfOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasStaticTensors(op))
      return rewriter.notifyMatchFailure(op, "needs static tensors");
    auto filterType = cast<RankedTensorType>(op.getInputs()[1].getType());
    if (filterType.getDimSize(0) != 1 || filterType.getDimSize(1) != 1 ||
        !llvm::all_of(op.getStrides().getValues<int64_t>(),
                      [](int64_t s) { return s == 1; }))
      return rewriter.notifyMatchFailure(op, "not a pointwise convolution");
    Location loc = op.getLoc();
    SmallVector<ReassociationIndices> pixels = {{0, 1, 2}, {3}};
    SmallVector<ReassociationIndices> filterDims = {{0, 1, 2}, {3}};
    Value input = tensor::CollapseShapeOp::create(
        rewriter, loc, op.getInputs()[0], pixels);
    Value filter = tensor::CollapseShapeOp::create(
        rewriter, loc, op.getInputs()[1], filterDims);
    Value init = tensor::CollapseShapeOp::create(
        rewriter, loc, op.getOutputs()[0], pixels);
    Value product = linalg::MatmulOp::create(rewriter, loc,
                                             ValueRange{input, filter},
                                             ValueRange{init})
                        .getResult(0);
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, resultType, product,
                                                       pixels);
    return success();
  }
};
} // namespace

LogicalResult mlir::tuner::convertToChannelsLast(Operation *root) {
  MLIRContext *ctx = root->getContext();
  RewritePatternSet patterns(ctx);
  patterns.add<ChannelsLastPattern<linalg::Conv2DNchwFchwOp,
                                   linalg::Conv2DNhwcHwcfOp>>(
      ctx, SmallVector<int64_t>{2, 3, 1, 0});
  patterns.add<ChannelsLastPattern<linalg::DepthwiseConv2DNchwChwOp,
                                   linalg::DepthwiseConv2DNhwcHwcOp>>(
      ctx, SmallVector<int64_t>{1, 2, 0});
  // The window operand of a pooling only carries its shape.
  patterns.add<ChannelsLastPattern<linalg::PoolingNchwMaxOp,
                                   linalg::PoolingNhwcMaxOp>>(
      ctx, SmallVector<int64_t>{});
  patterns.add<ChannelsLastPattern<linalg::PoolingNchwSumOp,
                                   linalg::PoolingNhwcSumOp>>(
      ctx, SmallVector<int64_t>{});
  patterns.add<PointwiseConvToMatmul, GenericConvToNamed>(ctx);
  // 3-D: channels last, then 2-D convolutions (Conv3DToConv2D); it had
  // the fallback's scalar loops (torchvision's r3d_18 at 1 GFLOP/s).
  patterns.add<ChannelsLastPattern<linalg::Conv3DNcdhwFcdhwOp,
                                   linalg::Conv3DNdhwcDhwcfOp>>(
      ctx, SmallVector<int64_t>{2, 3, 4, 1, 0},
      SmallVector<int64_t>{0, 2, 3, 4, 1});
  patterns.add<Conv3DToConv2D, FilterToHWCF>(ctx);
  patterns.add<
      QuantizedConvToConv<linalg::Conv2DNhwcHwcfQOp, linalg::Conv2DNhwcHwcfOp>,
      QuantizedConvToConv<linalg::Conv2DNhwcFhwcQOp, linalg::Conv2DNhwcFhwcOp>,
      QuantizedConvToConv<linalg::Conv2DNchwFchwQOp, linalg::Conv2DNchwFchwOp>>(
      ctx);
  // Grouped convolutions: a loop over the groups.
  patterns.add<GroupedConvToLoop<linalg::Conv2DNgchwGfchwOp>>(
      ctx, SmallVector<int64_t>{0, 3, 4, 1, 2},
      SmallVector<int64_t>{0, 3, 4, 2, 1}, SmallVector<int64_t>{0, 3, 4, 1, 2});
  patterns.add<GroupedConvToLoop<linalg::Conv2DNgchwFgchwOp>>(
      ctx, SmallVector<int64_t>{0, 3, 4, 1, 2},
      SmallVector<int64_t>{1, 3, 4, 2, 0}, SmallVector<int64_t>{0, 3, 4, 1, 2});
  patterns.add<GroupedConvToLoop<linalg::Conv2DNhwgcGfhwcOp>>(
      ctx, SmallVector<int64_t>{0, 1, 2, 3, 4},
      SmallVector<int64_t>{0, 2, 3, 4, 1}, SmallVector<int64_t>{0, 1, 2, 3, 4});
  // 1-D convolutions as 2-D ones of height 1 (unit height before the width).
  patterns.add<Conv1DTo2D<linalg::Conv1DNwcWcfOp, linalg::Conv2DNhwcHwcfOp>>(
      ctx, std::array<int64_t, 3>{1, 0, 1});
  patterns.add<Conv1DTo2D<linalg::Conv1DNcwFcwOp, linalg::Conv2DNchwFchwOp>>(
      ctx, std::array<int64_t, 3>{2, 2, 2});
  patterns.add<Conv1DTo2D<linalg::DepthwiseConv1DNwcWcOp,
                          linalg::DepthwiseConv2DNhwcHwcOp>>(
      ctx, std::array<int64_t, 3>{1, 0, 1});
  patterns.add<Conv1DTo2D<linalg::DepthwiseConv1DNcwCwOp,
                          linalg::DepthwiseConv2DNchwChwOp>>(
      ctx, std::array<int64_t, 3>{2, 1, 2});
  // Only the matched ops are rewritten: no folding of the rest here.
  GreedyRewriteConfig config;
  config.enableFolding(false);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  return applyPatternsGreedily(root, std::move(patterns), config);
}

namespace {
struct TunerConvertToChannelsLastPass
    : public tuner::impl::TunerConvertToChannelsLastBase<
          TunerConvertToChannelsLastPass> {
  void runOnOperation() override {
    if (failed(convertToChannelsLast(getOperation())))
      signalPassFailure();
  }
};
} // namespace
