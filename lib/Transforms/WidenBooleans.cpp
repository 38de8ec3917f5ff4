//===- WidenBooleans.cpp - boolean tensors between ops as i8 --------------===//
//
// LLVM stores a vector of i1 as packed bits and a buffer of i1 as bytes, so
// no schedule vectorizes an op that reads or writes a tensor of i1: such an
// op takes the fallback's scalar loops. Models pass masks between ops
// (torch-mlir's attention masks: a tensor<64xi1> compared once and fused
// into each softmax), so one boolean operand left whole softmaxes scalar.
// tuner-widen-booleans stores the boolean results that linalg.generic ops
// hand only to other linalg.generic ops as i8: the producer yields
// `arith.extui` of its boolean, each consumer truncates the byte back at
// the top of its body. Function arguments and results keep their types.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERWIDENBOOLEANS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Whether result `index` of `producer` is a static tensor of i1 that can be
/// stored as i8: its init is a tensor.empty the body does not read, and
/// every use is an input of a linalg.generic on tensors.
static bool isWidenable(linalg::GenericOp producer, unsigned index) {
  Value result = producer->getResult(index);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.getElementType().isInteger(1) || !type.hasStaticShape() ||
      result.use_empty())
    return false;
  OpOperand *init = producer.getDpsInitOperand(index);
  if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
      !producer.getMatchingBlockArgument(init).use_empty())
    return false;
  return llvm::all_of(result.getUses(), [](OpOperand &use) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    return consumer && consumer.hasPureTensorSemantics() &&
           consumer.isDpsInput(&use);
  });
}

/// Makes result `index` of `producer` an i8 tensor holding 0 or 1, and its
/// consumers truncate it back.
static void widen(RewriterBase &rewriter, linalg::GenericOp producer,
                  unsigned index) {
  Location loc = producer.getLoc();
  Type i8 = rewriter.getI8Type();
  OpOperand *init = producer.getDpsInitOperand(index);
  auto type = cast<RankedTensorType>(init->get().getType());
  rewriter.setInsertionPoint(producer);
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, tensor::getMixedSizes(rewriter, loc, init->get()), i8);
  Value result = producer->getResult(index);
  rewriter.modifyOpInPlace(producer, [&] {
    init->set(empty);
    producer.getMatchingBlockArgument(init).setType(i8);
    result.setType(RankedTensorType::get(type.getShape(), i8));
    Operation *yield = producer.getBody()->getTerminator();
    rewriter.setInsertionPoint(yield);
    OpOperand &yielded = yield->getOpOperand(index);
    yielded.set(arith::ExtUIOp::create(rewriter, loc, i8, yielded.get()));
  });
  for (OpOperand &use : result.getUses()) {
    auto consumer = cast<linalg::GenericOp>(use.getOwner());
    BlockArgument arg = consumer.getMatchingBlockArgument(&use);
    rewriter.modifyOpInPlace(consumer, [&] {
      arg.setType(i8);
      rewriter.setInsertionPointToStart(consumer.getBody());
      Value bit = arith::TruncIOp::create(rewriter, consumer.getLoc(),
                                          rewriter.getI1Type(), arg);
      arg.replaceAllUsesExcept(bit, bit.getDefiningOp());
    });
  }
}

void mlir::tuner::widenBooleanTensors(Operation *root) {
  SmallVector<std::pair<linalg::GenericOp, unsigned>> results;
  root->walk([&](linalg::GenericOp op) {
    if (!op.hasPureTensorSemantics())
      return;
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      if (isWidenable(op, i))
        results.push_back({op, i});
  });
  IRRewriter rewriter(root->getContext());
  for (auto [producer, index] : results)
    widen(rewriter, producer, index);
}

namespace {
struct TunerWidenBooleansPass
    : public tuner::impl::TunerWidenBooleansBase<TunerWidenBooleansPass> {
  void runOnOperation() override { widenBooleanTensors(getOperation()); }
};
} // namespace
