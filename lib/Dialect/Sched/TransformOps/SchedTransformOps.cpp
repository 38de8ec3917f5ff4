//===- SchedTransformOps.cpp - transform ops of mlir-tuner ----------------===//

#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::transform;

#define GET_OP_CLASSES
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// NextPowerOfTwoOp
//===----------------------------------------------------------------------===//

void transform::sched::NextPowerOfTwoOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
}

DiagnosedSilenceableFailure transform::sched::NextPowerOfTwoOp::apply(
    TransformRewriter &rewriter, TransformResults &results,
    TransformState &state) {
  SmallVector<Attribute> rounded;
  for (Attribute attr : state.getParams(getParam())) {
    auto value = dyn_cast<IntegerAttr>(attr);
    if (!value)
      return emitSilenceableError() << "expected integer params, got " << attr;
    int64_t v = value.getInt();
    rounded.push_back(IntegerAttr::get(
        value.getType(), v < 1 ? 1 : static_cast<int64_t>(llvm::PowerOf2Ceil(
                                         static_cast<uint64_t>(v)))));
  }
  results.setParams(cast<OpResult>(getResult()), rounded);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ExactDivideOp
//===----------------------------------------------------------------------===//

void transform::sched::ExactDivideOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
}

DiagnosedSilenceableFailure
transform::sched::ExactDivideOp::apply(TransformRewriter &rewriter,
                                       TransformResults &results,
                                       TransformState &state) {
  int64_t divisor = getDivisor();
  SmallVector<Attribute> quotients;
  for (Attribute attr : state.getParams(getParam())) {
    auto value = dyn_cast<IntegerAttr>(attr);
    if (!value)
      return emitSilenceableError() << "expected integer params, got " << attr;
    if (value.getInt() % divisor)
      return emitSilenceableError()
             << value.getInt() << " is not a multiple of " << divisor;
    quotients.push_back(
        IntegerAttr::get(value.getType(), value.getInt() / divisor));
  }
  results.setParams(cast<OpResult>(getResult()), quotients);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// VectorizeStaticOp
//===----------------------------------------------------------------------===//

void transform::sched::VectorizeStaticOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure transform::sched::VectorizeStaticOp::apply(
    TransformRewriter &rewriter, TransformResults &results,
    TransformState &state) {
  for (Operation *op : state.getPayloadOps(getTarget())) {
    SmallVector<int64_t> sizes;
    if (auto pad = dyn_cast<tensor::PadOp>(op)) {
      RankedTensorType type = pad.getResultType();
      if (!type.hasStaticShape())
        return emitSilenceableError()
               << "cannot vectorize a tensor.pad with a dynamic shape";
      llvm::append_range(sizes, type.getShape());
    }
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> vectorized =
        linalg::vectorize(rewriter, op, sizes);
    if (failed(vectorized))
      return emitSilenceableError() << "failed to vectorize " << op->getName();
    if (!vectorized->replacements.empty())
      rewriter.replaceOp(op, vectorized->replacements);
    else
      rewriter.eraseOp(op);
  }
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// PeelPartialOp
//===----------------------------------------------------------------------===//

/// Whether `loop`'s step divides its range: bounds and step constants.
static bool hasOnlyFullSteps(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  return lb && ub && step && *step > 0 && (*ub - *lb) % *step == 0;
}

DiagnosedSilenceableFailure
transform::sched::PeelPartialOp::apply(TransformRewriter &rewriter,
                                       TransformResults &results,
                                       TransformState &state) {
  SmallVector<Operation *> main, remainder;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop)
      return emitSilenceableError()
             << "expected scf.for, got " << op->getName();
    main.push_back(loop);
    if (hasOnlyFullSteps(loop))
      continue;
    scf::ForOp partial;
    if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
      continue;
    // The partial loop runs at most once, at its lower bound: with that in
    // place of its induction variable, its tile sizes fold to constants.
    rewriter.replaceAllUsesWith(partial.getInductionVar(),
                                partial.getLowerBound());
    remainder.push_back(partial);
  }
  results.set(cast<OpResult>(getMain()), main);
  results.set(cast<OpResult>(getRemainder()), remainder);
  return DiagnosedSilenceableFailure::success();
}

namespace {
class SchedTransformDialectExtension
    : public transform::TransformDialectExtension<
          SchedTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SchedTransformDialectExtension)

  SchedTransformDialectExtension() {
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::sched::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<SchedTransformDialectExtension>();
}
