//===- WidenAccumulators.cpp - f32 accumulators for bf16/f16 reductions ---===//
//
// A contraction (or any reduction) that accumulates in bf16 or f16 rounds
// its accumulator to 8 or 11 bits after every step. Without AVX512-FP16 each
// step is also a conversion to f32 and back (an f16 matmul ran at 31
// GFLOP/s on a Zen 5 core). This rewrite accumulates in f32 and rounds
// once, at the end, as IREE's CPU backend does by default
// (--iree-llvmcpu-skip-intermediate-roundings) and PyTorch's CPU kernels
// do: the result is the f32 result rounded, closer to the exact one than
// the step-by-step rounding; the f32 contraction then takes the f32 (or
// bf16 dot-product) schedules.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERWIDENACCUMULATORS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// A float type narrower than f32 (bf16, f16, 8-bit floats).
static bool isNarrowFloat(Type type) {
  auto f = dyn_cast<FloatType>(type);
  return f && f.getWidth() < 32;
}

/// Whether every op of `op`'s body is float arithmetic that can run in f32
/// instead: the binary ops a reduction combines with, negation, extensions
/// and truncations between float types, and the math functions of norms (a
/// square as `math.fpowi`, whose integer exponent stays as it is).
static bool hasPromotableBody(linalg::LinalgOp op) {
  for (Operation &nested : op.getBlock()->without_terminator()) {
    if (!isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::NegFOp, arith::ExtFOp, arith::TruncFOp,
             math::FPowIOp, math::PowFOp, math::AbsFOp, math::SqrtOp,
             math::ExpOp>(nested))
      return false;
    if (!llvm::all_of(nested.getResultTypes(),
                      [](Type t) { return isa<FloatType>(t); }))
      return false;
  }
  return true;
}

/// `value` (a float) extended or truncated to `type`.
static Value convertFloat(OpBuilder &b, Location loc, Value value, Type type) {
  unsigned from = value.getType().getIntOrFloatBitWidth(),
           to = type.getIntOrFloatBitWidth();
  if (value.getType() == type)
    return value;
  if (from < to)
    return arith::ExtFOp::create(b, loc, type, value);
  return arith::TruncFOp::create(b, loc, type, value);
}

/// The type a body value of type `type` has in the f32 body.
static Type getPromotedType(Type type, Type f32) {
  return isNarrowFloat(type) ? f32 : type;
}

/// Clones `body` into `b` with every narrow float computed in f32: an
/// extension or truncation becomes a conversion between the promoted types
/// (none where they agree: the intermediate roundings skipped); `args` are
/// the new block's arguments (the accumulator's in f32).
static void buildPromotedBody(OpBuilder &b, Location loc, Block *body,
                              ValueRange args, Type f32) {
  IRMapping mapping;
  mapping.map(body->getArguments(), args);
  auto promote = [&](Value value) {
    Value mapped = mapping.lookupOrDefault(value);
    return convertFloat(b, loc, mapped, getPromotedType(mapped.getType(), f32));
  };
  for (Operation &nested : body->without_terminator()) {
    Value result = nested.getResult(0);
    Type type = getPromotedType(result.getType(), f32);
    Value promoted;
    if (isa<arith::ExtFOp, arith::TruncFOp>(nested)) {
      promoted = convertFloat(b, loc, promote(nested.getOperand(0)), type);
    } else {
      SmallVector<Value> operands =
          llvm::map_to_vector(nested.getOperands(), promote);
      OperationState state(loc, nested.getName(), operands, {type},
                           nested.getAttrs());
      promoted = b.create(state)->getResult(0);
    }
    mapping.map(result, promoted);
  }
  linalg::YieldOp::create(b, loc,
                          promote(body->getTerminator()->getOperand(0)));
}

Value mlir::tuner::castTensorElements(OpBuilder &b, Location loc, Value value,
                                      FloatType elementType) {
  auto type = cast<RankedTensorType>(value.getType());
  auto from = cast<FloatType>(type.getElementType());
  Value empty = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, value), elementType);
  AffineMap id = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type.clone(elementType), ValueRange{value},
             ValueRange{empty}, ArrayRef<AffineMap>{id, id}, parallel,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value cast =
                   from.getWidth() < elementType.getWidth()
                       ? arith::ExtFOp::create(nb, nloc, elementType, args[0])
                             .getResult()
                       : arith::TruncFOp::create(nb, nloc, elementType, args[0])
                             .getResult();
               linalg::YieldOp::create(nb, nloc, cast);
             })
      .getResult(0);
}

/// The f32 initial accumulator for `init`: a fill of an empty tensor
/// becomes a fill of the f32 tensor, anything else is extended.
static Value getWideInit(OpBuilder &b, Location loc, Value init,
                         FloatType f32) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    Value value = fill.getInputs()[0];
    if (isNarrowFloat(value.getType()) &&
        fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>()) {
      Value wide = arith::ExtFOp::create(b, loc, f32, value);
      Value empty = tensor::EmptyOp::create(
          b, loc, tensor::getMixedSizes(b, loc, init), f32);
      return linalg::FillOp::create(b, loc, wide, empty).getResult(0);
    }
  }
  return castTensorElements(b, loc, init, f32);
}

/// `op` (a named op) again with `init` as its accumulator, the body built by
/// the op's region builder for the new element types (a named convolution
/// or pooling stays one: the sketches match them by name); null for a
/// generic.
static Operation *createNamedWithInit(OpBuilder &b, linalg::LinalgOp op,
                                      Value init) {
  auto regionBuilder = op.getRegionBuilder();
  if (isa<linalg::GenericOp>(op.getOperation()) || !regionBuilder)
    return nullptr;
  SmallVector<Value> operands = op.getDpsInputs();
  operands.push_back(init);
  OperationState state(op.getLoc(), op->getName(), operands, {init.getType()},
                       op->getAttrs());
  Block *block = new Block();
  state.addRegion()->push_back(block);
  for (Value v : operands)
    block->addArgument(getElementTypeOrSelf(v.getType()), op.getLoc());
  OpBuilder::InsertionGuard guard(b);
  ImplicitLocOpBuilder bodyBuilder(op.getLoc(), b);
  bodyBuilder.setInsertionPointToStart(block);
  regionBuilder(bodyBuilder, *block, op->getAttrs(),
                [&]() { return op->emitError(); });
  b.setInsertionPoint(op);
  return b.create(state);
}

/// Whether `op` is a contraction or a convolution (a pooling included).
static bool isContractionOrConvolution(linalg::LinalgOp op) {
  return linalg::isaContractionOpInterface(op) ||
         linalg::isaConvolutionOpInterface(op);
}

/// Whether `op` is a reduction whose one accumulator is a narrow float and
/// whose body can run in f32; with `contractions` false, one that is not a
/// contraction or a convolution.
static bool isNarrowAccumulation(linalg::LinalgOp op,
                                 bool contractions = true) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInits() != 1 ||
      op->getNumResults() != 1 || !op.hasPureTensorSemantics() ||
      op.hasIndexSemantics())
    return false;
  if (!contractions && isContractionOrConvolution(op))
    return false;
  auto type = dyn_cast<RankedTensorType>(op.getDpsInits()[0].getType());
  return type && isNarrowFloat(type.getElementType()) && hasPromotableBody(op);
}

bool mlir::tuner::hasNarrowAccumulations(Operation *root) {
  return root
      ->walk([](linalg::LinalgOp op) {
        return isNarrowAccumulation(op) ? WalkResult::interrupt()
                                        : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult mlir::tuner::widenAccumulators(Operation *root,
                                             bool contractions) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (isNarrowAccumulation(op, contractions))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  FloatType f32 = rewriter.getF32Type();
  for (linalg::LinalgOp op : ops) {
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value init = op.getDpsInits()[0];
    Value wideInit = getWideInit(rewriter, loc, init, f32);
    Block *body = op.getBlock();
    Operation *wide = createNamedWithInit(rewriter, op, wideInit);
    if (!wide)
      wide = linalg::GenericOp::create(
          rewriter, loc, TypeRange{wideInit.getType()}, op.getDpsInputs(),
          ValueRange{wideInit}, op.getIndexingMapsArray(),
          op.getIteratorTypesArray(),
          [&](OpBuilder &b, Location nloc, ValueRange args) {
            buildPromotedBody(b, nloc, body, args, f32);
          });
    Value rounded = castTensorElements(
        rewriter, loc, wide->getResult(0),
        cast<FloatType>(getElementTypeOrSelf(init.getType())));
    rewriter.replaceOp(op, rounded);
  }
  return success();
}

namespace {
struct TunerWidenAccumulatorsPass
    : public tuner::impl::TunerWidenAccumulatorsBase<
          TunerWidenAccumulatorsPass> {
  using TunerWidenAccumulatorsBase::TunerWidenAccumulatorsBase;

  void runOnOperation() override {
    if (failed(widenAccumulators(getOperation(), contractions)))
      signalPassFailure();
  }
};
} // namespace
