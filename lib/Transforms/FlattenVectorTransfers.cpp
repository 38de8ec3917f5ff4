//===- FlattenVectorTransfers.cpp - tuner-flatten-vector-transfers --------===//
//
// Contiguous multi-dimensional vector transfers as 1-D ones, so that they
// stay single loads and stores (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERFLATTENVECTORTRANSFERS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
struct TunerFlattenVectorTransfersPass
    : public tuner::impl::TunerFlattenVectorTransfersBase<
          TunerFlattenVectorTransfersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    vector::populateFlattenVectorTransferPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
