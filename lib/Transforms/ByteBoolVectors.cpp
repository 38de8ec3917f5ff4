//===- ByteBoolVectors.cpp - tuner-byte-bool-vectors ----------------------===//
//
// Loads and stores of boolean vectors in the LLVM dialect as vectors of
// bytes, the layout memrefs of i1 have (see the pass description in
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERBYTEBOOLVECTORS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// `type` with i8 elements when it is a vector of i1, else null.
static VectorType getByteVectorType(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || !vector.getElementType().isInteger(1))
    return {};
  return vector.clone(IntegerType::get(type.getContext(), 8));
}

/// Rewrites one load or store; whether it was one of boolean vectors.
static bool widen(Operation *op, RewriterBase &rewriter) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  auto zext = [&](Value v, VectorType bytes) -> Value {
    return LLVM::ZExtOp::create(rewriter, loc, bytes, v);
  };
  // llvm.store and llvm.intr.masked.store: the stored value widened.
  auto widenStore = [&](auto store) {
    VectorType bytes = getByteVectorType(store.getValue().getType());
    if (!bytes)
      return false;
    rewriter.modifyOpInPlace(store, [&] {
      store.getValueMutable().assign(zext(store.getValue(), bytes));
    });
    return true;
  };
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return widenStore(store);
  if (auto store = dyn_cast<LLVM::MaskedStoreOp>(op))
    return widenStore(store);
  if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    VectorType bytes = getByteVectorType(load.getType());
    if (!bytes)
      return false;
    rewriter.setInsertionPointAfter(load);
    auto wide = cast<LLVM::LoadOp>(rewriter.clone(*load));
    wide.getResult().setType(bytes);
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(load, load.getType(), wide);
    return true;
  }
  if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op)) {
    VectorType bytes = getByteVectorType(load.getType());
    if (!bytes)
      return false;
    Value passThru =
        load.getPassThru() ? zext(load.getPassThru(), bytes) : Value();
    auto wide = cast<LLVM::MaskedLoadOp>(rewriter.clone(*load));
    wide.getResult().setType(bytes);
    if (passThru)
      wide.getPassThruMutable().assign(passThru);
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(load, load.getType(), wide);
    return true;
  }
  return false;
}

namespace {
struct TunerByteBoolVectorsPass
    : public tuner::impl::TunerByteBoolVectorsBase<TunerByteBoolVectorsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<LLVM::StoreOp, LLVM::LoadOp, LLVM::MaskedStoreOp,
              LLVM::MaskedLoadOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops)
      (void)widen(op, rewriter);
  }
};
} // namespace
