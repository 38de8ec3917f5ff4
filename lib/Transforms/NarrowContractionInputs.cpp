//===- NarrowContractionInputs.cpp - matmuls of extended bf16/f16 -------===//
//
// torch-mlir exports a bf16 `nn.Linear` with a bias (aten.addmm) and other
// mixed-precision products as an f32 matmul of f32 copies of bf16 tensors:
//
//   %a32 = linalg.generic ins(%a : tensor<32x64xbf16>) { arith.extf }
//   %w32 = linalg.generic ins(%w : tensor<64x192xbf16>) { arith.extf }
//   %r = linalg.matmul ins(%a32, %w32 : ...f32...) outs(%acc : ...f32)
//
// On a GPU that is a CUDA-core kernel reading 4-byte operands, after two
// kernels that wrote them. This rewrite lets the matmul read the bf16
// tensors themselves, accumulating in f32 as before:
//
//   %r = linalg.matmul ins(%a, %w : ...bf16...) outs(%acc : ...f32)
//
// which the tensor-core kernels take. The result is the same: linalg.matmul
// extends its inputs to the accumulator's type before multiplying, and the
// extension is exact. It is the inverse of tuner-widen-contraction-inputs
// (CPU targets), and runs where that one does not (CUDA targets).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERNARROWCONTRACTIONINPUTS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Matmuls with an extent below this are left alone: the tensor-core kernels
/// (and padContractions) leave them to the matrix-vector sketches, which
/// read f32 as well as bf16.
static constexpr int64_t kMinExtent = 16;

/// The 16-bit float tensor that `value` extends exactly when `value` is the
/// result of an elementwise linalg.generic whose payload is only an
/// arith.extf of its one input, read with the identity map; null otherwise.
static Value getExtendedSource(Value value) {
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || !generic.hasPureTensorSemantics() ||
      !linalg::isaElemwiseSingleUnaryOpInterface(generic) ||
      !isa<arith::ExtFOp>(generic.getBlock()->front()))
    return nullptr;
  Value source = generic.getDpsInputs()[0];
  Type element = getElementTypeOrSelf(source.getType());
  return element.isBF16() || element.isF16() ? source : nullptr;
}

/// An input that reads a 16-bit float tensor extended exactly: the tensor,
/// and the reshapes (tensor.collapse_shape, tensor.expand_shape) between
/// its extension and the input, the input's first.
struct Extension {
  Value source;
  SmallVector<Operation *> reshapes;
};

/// The extension `input` reads (getExtendedSource, through reshapes), or
/// none.
static std::optional<Extension> findExtension(Value input) {
  Extension found;
  while (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
      input.getDefiningOp())) {
    found.reshapes.push_back(input.getDefiningOp());
    input = input.getDefiningOp()->getOperand(0);
  }
  found.source = getExtendedSource(input);
  if (!found.source)
    return std::nullopt;
  return found;
}

/// The narrow form of an input: the extension's source, reshaped as the
/// input was (new reshapes at the rewriter's insertion point).
static Value buildNarrowInput(RewriterBase &rewriter,
                              const Extension &extension) {
  Value narrow = extension.source;
  Type element = getElementTypeOrSelf(narrow.getType());
  for (Operation *reshape : llvm::reverse(extension.reshapes)) {
    auto type = cast<RankedTensorType>(reshape->getResult(0).getType());
    Location loc = reshape->getLoc();
    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape)) {
      narrow = tensor::CollapseShapeOp::create(
          rewriter, loc, type.clone(element), narrow,
          collapse.getReassociationIndices());
      continue;
    }
    auto expand = cast<tensor::ExpandShapeOp>(reshape);
    narrow = tensor::ExpandShapeOp::create(
        rewriter, loc, type.clone(element), narrow,
        expand.getReassociationIndices(), expand.getMixedOutputShape());
  }
  return narrow;
}

/// Whether `op` is a matmul this rewrite takes: default maps, static, on
/// tensors, an f32 result and inputs, M, N and K at least kMinExtent.
static bool isCandidate(linalg::LinalgOp op) {
  if (!isDefaultMapsMatmul(op) || !op.hasPureTensorSemantics() ||
      op.hasDynamicShape())
    return false;
  auto isF32 = [](Value v) {
    return getElementTypeOrSelf(v.getType()).isF32();
  };
  if (!llvm::all_of(op->getOperands(), isF32))
    return false;
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  return llvm::all_of(ArrayRef<int64_t>(extents).take_back(3),
                      [](int64_t e) { return e >= kMinExtent; });
}

/// Rewrites `op` on the narrow forms of both inputs; fails, changing
/// nothing, unless both are extensions of the same 16-bit float type.
static LogicalResult narrowInputs(RewriterBase &rewriter, linalg::LinalgOp op) {
  std::optional<Extension> a = findExtension(op.getDpsInputs()[0]);
  std::optional<Extension> b = findExtension(op.getDpsInputs()[1]);
  if (!a || !b ||
      getElementTypeOrSelf(a->source.getType()) !=
          getElementTypeOrSelf(b->source.getType()))
    return failure();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs = {buildNarrowInput(rewriter, *a),
                               buildNarrowInput(rewriter, *b)};
  // A new op, whose payload takes the narrow element type.
  if (isa<linalg::MatmulOp>(op.getOperation()))
    rewriter.replaceOpWithNewOp<linalg::MatmulOp>(op, op->getResultTypes(),
                                                  inputs, op.getDpsInits());
  else
    rewriter.replaceOpWithNewOp<linalg::BatchMatmulOp>(
        op, op->getResultTypes(), inputs, op.getDpsInits());
  return success();
}

LogicalResult mlir::tuner::narrowContractionInputs(Operation *root) {
  SmallVector<linalg::LinalgOp> matmuls;
  root->walk([&](linalg::LinalgOp op) {
    if (isCandidate(op))
      matmuls.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : matmuls)
    (void)narrowInputs(rewriter, op);
  return success();
}

namespace {
struct TunerNarrowContractionInputsPass
    : public tuner::impl::TunerNarrowContractionInputsBase<
          TunerNarrowContractionInputsPass> {
  void runOnOperation() override {
    if (failed(narrowContractionInputs(getOperation())))
      signalPassFailure();
  }
};
} // namespace
