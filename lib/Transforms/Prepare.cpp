//===- Prepare.cpp - the tuner-prepare pipeline ---------------------------===//
//
// The graph rewrites a model needs before its ops are scheduled one by one;
// see Prepare.h and the pass description.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERPREPARE
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Rewrites the static tensor ops that compute elements outside linalg
/// into linalg ops the sketches schedule (otherwise they bufferize to loops
/// on the host): tensor.generate into a generic, tensor.splat into a fill,
/// and a tensor.pad whose padding value is computed into a generic and an
/// insertion (constant padding is decomposePadOps's).
static void rewriteTensorGenerators(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    auto type = op->getNumResults() == 1
                    ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                    : RankedTensorType();
    if (!type || !type.hasStaticShape())
      return;
    if (isa<tensor::GenerateOp, tensor::SplatOp>(op))
      ops.push_back(op);
    else if (auto pad = dyn_cast<tensor::PadOp>(op);
             pad && !pad.getConstantPaddingValue())
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (auto splat = dyn_cast<tensor::SplatOp>(op)) {
      auto type = cast<RankedTensorType>(splat.getType());
      Value empty = tensor::EmptyOp::create(
          rewriter, splat.getLoc(), type.getShape(), type.getElementType());
      rewriter.replaceOpWithNewOp<linalg::FillOp>(splat, splat.getInput(),
                                                  empty);
    } else if (auto generate = dyn_cast<tensor::GenerateOp>(op)) {
      (void)linalg::rewriteInDestinationPassingStyle(rewriter, generate);
    } else {
      (void)linalg::rewriteInDestinationPassingStyle(rewriter,
                                                     cast<tensor::PadOp>(op));
    }
  }
}

LogicalResult mlir::tuner::decomposePadOps(Operation *root) {
  RewritePatternSet patterns(root->getContext());
  linalg::populateDecomposePadPatterns(patterns);
  GreedyRewriteConfig config;
  config.enableFolding(false);
  return applyPatternsGreedily(root, std::move(patterns), config);
}

/// Canonicalization and CSE of `root`.
static LogicalResult cleanUp(Operation *root) {
  PassManager pm(root->getContext(), root->getName().getStringRef());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  return pm.run(root);
}

/// Inlines the calls of `root` (a module) to the functions it defines, and
/// drops the private ones left unused: the ops of a helper function are
/// then tasks of each caller, fused with their neighbours there, and on a
/// GPU no host code calls between kernels.
static LogicalResult inlineCalls(Operation *root) {
  if (!root->hasTrait<OpTrait::SymbolTable>())
    return success();
  bool hasCalls = false;
  root->walk([&](CallOpInterface) { hasCalls = true; });
  if (!hasCalls)
    return success();
  PassManager pm(root->getContext(), root->getName().getStringRef());
  pm.addPass(createInlinerPass());
  return pm.run(root);
}

/// Generalizes the linalg ops of `root` that `select` picks.
static void generalizeNamedOps(Operation *root,
                               function_ref<bool(linalg::LinalgOp)> select) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (select(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : ops) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

/// Generalizes the named ops that extend their operands as unsigned
/// integers (`cast = #linalg.type_fn<cast_unsigned>`): MLIR 22's vectorizer
/// builds the vector.contract of a named contraction with signed
/// extensions, while the generic form keeps the body's `arith.extui`.
static void generalizeUnsignedOps(Operation *root) {
  generalizeNamedOps(root, [](linalg::LinalgOp op) {
    auto cast = op->getAttrOfType<linalg::TypeFnAttr>("cast");
    return cast && cast.getValue() == linalg::TypeFn::cast_unsigned &&
           !isa<linalg::GenericOp>(op);
  });
}

/// Linalg ops on tensors with a loop of no iteration (a static extent of 0:
/// an empty batch, a K of 0) compute nothing: their results are their
/// inits. Replaced by them before the rewrites below, which take slices at
/// positions those extents do not have (a 3-D convolution's depth slices).
static void foldEmptyLoopOps(Operation *root) {
  SmallVector<linalg::LinalgOp> empty;
  root->walk([&](linalg::LinalgOp op) {
    if (op.hasPureTensorSemantics() &&
        llvm::is_contained(op.getStaticLoopRanges(), 0))
      empty.push_back(op);
  });
  for (linalg::LinalgOp op : empty) {
    op->replaceAllUsesWith(op.getDpsInits());
    op->erase();
  }
}

/// Generalizes the named matrix-vector products (linalg.matvec, vecmat,
/// batch_matvec, batch_vecmat, dot: StableHLO's dot of a matrix and a
/// vector as IREE imports it) for GPU targets, where gpu.reduction takes
/// them as row reductions in their generic form only (gpu.fallback ran a
/// 1024 x 1024 one as a loop per thread).
static void generalizeVectorProducts(Operation *root) {
  generalizeNamedOps(root, [](linalg::LinalgOp op) {
    return isa<linalg::MatvecOp, linalg::VecmatOp, linalg::BatchMatvecOp,
               linalg::BatchVecmatOp, linalg::DotOp>(op) &&
           op.hasPureTensorSemantics();
  });
}

/// Rewrites `matmul`, whose float init is the non-splat `constant`, as a
/// matmul into zeros followed by the elementwise addition of the constant
/// (the tensor-core and pipelined GPU kernels fuse a fill and elementwise
/// consumers, not a copy into their accumulators). The sums are rounded in
/// another order, the products are the same.
static void addConstantInitAfter(OpBuilder &b, linalg::LinalgOp matmul,
                                 OpOperand *init, Value constant) {
  auto type = cast<RankedTensorType>(constant.getType());
  Location loc = matmul.getLoc();
  b.setInsertionPoint(matmul);
  Value empty =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  Value zero =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
  init->set(linalg::FillOp::create(b, loc, zero, empty).result());
  b.setInsertionPointAfter(matmul);
  Value product = matmul->getResult(0);
  auto identity = b.getMultiDimIdentityMap(type.getRank());
  auto sum = linalg::GenericOp::create(
      b, loc, type, ValueRange{product, constant}, empty,
      SmallVector<AffineMap>(3, identity),
      SmallVector<utils::IteratorType>(type.getRank(),
                                       utils::IteratorType::parallel),
      [](OpBuilder &nb, Location loc, ValueRange args) {
        linalg::YieldOp::create(
            nb, loc,
            arith::AddFOp::create(nb, loc, args[0], args[1]).getResult());
      });
  product.replaceAllUsesExcept(sum.getResult(0), sum);
}

/// Gives each linalg op whose init is a constant (IREE's import folds a
/// matmul's zero fill into `arith.constant dense<0.0> : tensor<800x32xf32>`)
/// an init computed into a fresh tensor: a linalg.fill of a splat, a
/// linalg.copy of other constants. A constant is read-only: bufferization
/// copied it into a writable buffer inside the op's schedule, on a GPU a
/// device malloc per thread in the kernel; the sketches fuse a fill into
/// their tiles. With `matmulEpilogues`, a matmul's float non-splat constant
/// init (TOSA's folded bias) is added after it instead
/// (addConstantInitAfter).
static void materializeConstantInits(Operation *root, bool matmulEpilogues) {
  SmallVector<OpOperand *> inits;
  root->walk([&](linalg::LinalgOp op) {
    if (!op.hasPureTensorSemantics() || isa<linalg::FillOp>(op))
      return;
    for (OpOperand &init : op.getDpsInitsMutable())
      if (init.get().getDefiningOp<arith::ConstantOp>())
        inits.push_back(&init);
  });
  OpBuilder b(root->getContext());
  for (OpOperand *init : inits) {
    auto constant = init->get().getDefiningOp<arith::ConstantOp>();
    auto type = dyn_cast<RankedTensorType>(constant.getType());
    if (!type || !type.hasStaticShape())
      continue;
    Operation *user = init->getOwner();
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (matmulEpilogues && !(dense && dense.isSplat()) &&
        isDefaultMapsMatmul(user) && isa<FloatType>(type.getElementType())) {
      addConstantInitAfter(b, cast<linalg::LinalgOp>(user), init, constant);
      continue;
    }
    b.setInsertionPoint(user);
    Location loc = user->getLoc();
    Value empty =
        tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
    Value fresh;
    if (dense && dense.isSplat()) {
      // Where the constant was, so that constants keep their order (and a
      // second preparation changes nothing).
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(constant);
      Value scalar = arith::ConstantOp::create(
          b, constant.getLoc(),
          cast<TypedAttr>(dense.getSplatValue<Attribute>()));
      b.setInsertionPoint(user);
      fresh = linalg::FillOp::create(b, loc, scalar, empty).result();
    } else {
      fresh = linalg::CopyOp::create(b, loc, TypeRange{type},
                                     ValueRange{init->get()}, ValueRange{empty})
                  ->getResult(0);
    }
    init->set(fresh);
  }
}

/// Gives each op using a linalg.fill on tensors a fill of its own. Canonical
/// forms share one fill among its users (CSE merges equal ones: a matmul's
/// zero accumulator and the zero padding its result is inserted into); a
/// schedule then cannot fuse the fill into the anchor's tiles, and
/// bufferization must copy the accumulator, as its buffer is read later:
/// inside a GPU kernel, a per-block temporary allocated on the device heap.
/// Runs last: the clones differ only in their users, and a later CSE would
/// merge them again (the fills that become tasks differ by their schedule).
static void cloneSharedFills(Operation *root) {
  SmallVector<linalg::FillOp> fills;
  root->walk([&](linalg::FillOp fill) {
    if (fill.hasPureTensorSemantics() && !fill->getResult(0).hasOneUse())
      fills.push_back(fill);
  });
  OpBuilder b(root->getContext());
  for (linalg::FillOp fill : fills) {
    Value result = fill->getResult(0);
    SmallVector<Operation *> users;
    for (Operation *user : result.getUsers())
      if (!llvm::is_contained(users, user))
        users.push_back(user);
    // The first user (in any order) keeps the original.
    for (Operation *user : llvm::drop_begin(users)) {
      b.setInsertionPoint(fill);
      Operation *clone = b.clone(*fill);
      user->replaceUsesOfWith(result, clone->getResult(0));
    }
  }
}

LogicalResult mlir::tuner::prepareForScheduling(Operation *root,
                                                const PrepareOptions &options) {
  if (failed(convertFrontendOps(root)))
    return failure();
  convertBufferOpsToTensors(root);
  if (failed(inlineCalls(root)))
    return failure();
  generalizeUnsignedOps(root);
  foldEmptyLoopOps(root);
  if (failed(decomposeAggregateOps(root)))
    return failure();
  if (options.channelsLast && failed(convertToChannelsLast(root)))
    return failure();
  // After the channels-last rewrite, whose NHWC convolutions it takes.
  if (options.im2col && failed(im2colConvolutions(root, options.im2colF32)))
    return failure();
  if (options.widenAccumulators &&
      failed(widenAccumulators(root, options.widenContractionAccumulators)))
    return failure();
  if (options.packBF16 &&
      failed(packBF16DotOperands(root, options.packBF16Multiple,
                                 options.packBF16BlockN)))
    return failure();
  if (options.transposeB && failed(transposeContractionB(root)))
    return failure();
  if (options.transposeMatvecB)
    generalizeVectorProducts(root);
  if (options.transposeMatvecB && failed(transposeMatvecB(root)))
    return failure();
  if (options.widenInputs && failed(widenContractionInputs(root)))
    return failure();
  // Before folding, which would fold the extension of a constant weight.
  if (options.narrowInputs && failed(narrowContractionInputs(root)))
    return failure();
  if (options.foldConstants && failed(foldConstantLinalgOps(root, options.fold)))
    return failure();
  // Before fusion: its reshape folding turns the insertion of a reshaped
  // producer into a rank-reducing insertion the producer writes through.
  rewriteTensorGenerators(root);
  if (failed(decomposePadOps(root)))
    return failure();
  if (options.fuse &&
      failed(fuseElementwiseOps(root, options.fuseConvEpilogues)))
    return failure();
  // After fusion: the masks it leaves between ops (fused into their users'
  // bodies where it could) are bytes then.
  widenBooleanTensors(root);
  // After fusion, so that the consumers padded with a matmul are fused
  // already; before folding, which folds the padding of constants.
  if (options.padContractions && failed(padContractions(root)))
    return failure();
  // Fusion may leave ops on constants only (a fused cast of a weight).
  if (options.foldConstants && failed(foldConstantLinalgOps(root, options.fold)))
    return failure();
  // After fusion: the 0-d ops of a chain (a full reduction, arithmetic on its
  // value) are one group already.
  if (options.promoteScalars && failed(promoteScalarResults(root)))
    return failure();
  // After promotion: a full reduction's loops are all reductions then.
  if (options.collapseReductions && failed(collapseReductionLoops(root)))
    return failure();
  // After collapsing: the rows are one loop long then.
  if (options.splitReductionBlocks > 0 &&
      failed(splitReductions(root, options.splitReductionBlocks)))
    return failure();
  materializeConstantInits(root, options.constantInitEpilogues);
  if (failed(cleanUp(root)))
    return failure();
  cloneSharedFills(root);
  return success();
}

namespace {
struct TunerPreparePass
    : public tuner::impl::TunerPrepareBase<TunerPreparePass> {
  using TunerPrepareBase::TunerPrepareBase;

  void runOnOperation() override {
    PrepareOptions options;
    options.foldConstants = foldConstants;
    options.fold.maxElements = maxConstantElements;
    options.channelsLast = channelsLast;
    options.fuse = fuse;
    options.fuseConvEpilogues = fuseConvEpilogues;
    options.transposeB = transposeB;
    options.widenAccumulators = widenAccumulators;
    options.widenContractionAccumulators = widenContractionAccumulators;
    options.widenInputs = widenInputs;
    options.promoteScalars = promoteScalars;
    options.collapseReductions = collapseReductions;
    options.splitReductionBlocks = splitReductionBlocks;
    options.padContractions = padContractions;
    options.narrowInputs = narrowInputs;
    options.im2col = im2col;
    options.im2colF32 = im2colF32;
    options.constantInitEpilogues = constantInitEpilogues;
    options.transposeMatvecB = transposeMatvecB;
    if (failed(prepareForScheduling(getOperation(), options)))
      signalPassFailure();
  }
};
} // namespace
