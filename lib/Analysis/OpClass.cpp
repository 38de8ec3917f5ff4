//===- OpClass.cpp - classify linalg ops by their loop structure ----------===//

#include "Tuner/Analysis/OpClass.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

using namespace mlir;
using namespace mlir::tuner;

bool mlir::tuner::isDataMovementBody(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  if (!body || !llvm::hasSingleElement(*body))
    return false;
  for (Value yielded : body->getTerminator()->getOperands()) {
    auto arg = dyn_cast<BlockArgument>(yielded);
    if (!arg || arg.getOwner() != body ||
        arg.getArgNumber() >= op.getNumDpsInputs())
      return false;
  }
  return true;
}

std::optional<unsigned>
mlir::tuner::getTransposedInputLoop(linalg::LinalgOp op) {
  if (op.getNumDpsInits() == 0 || op.getNumLoops() < 2)
    return std::nullopt;
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() == 0)
    return std::nullopt;
  auto outInner = dyn_cast<AffineDimExpr>(out.getResults().back());
  if (!outInner)
    return std::nullopt;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation() || map.getNumResults() < 2)
      continue;
    auto inner = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (inner && inner.getPosition() != outInner.getPosition())
      return inner.getPosition();
  }
  return std::nullopt;
}

OpClass mlir::tuner::classifyOp(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0) {
    if (isDataMovementBody(op) && getTransposedInputLoop(op))
      return OpClass::Transpose;
    return OpClass::Elementwise;
  }
  if (linalg::isaContractionOpInterface(op))
    return OpClass::Contraction;
  if (linalg::isaConvolutionOpInterface(op))
    return OpClass::Convolution;
  return OpClass::Reduction;
}

StringRef mlir::tuner::stringifyOpClass(OpClass opClass) {
  switch (opClass) {
  case OpClass::Contraction:
    return "contraction";
  case OpClass::Convolution:
    return "convolution";
  case OpClass::Reduction:
    return "reduction";
  case OpClass::Elementwise:
    return "elementwise";
  case OpClass::Transpose:
    return "transpose";
  }
  llvm_unreachable("unknown op class");
}
