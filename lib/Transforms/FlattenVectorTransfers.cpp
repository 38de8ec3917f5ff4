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
    // Only transfers the upstream patterns handle safely: a memref source of
    // at least the vector's rank, a minor identity map, and a vector with a
    // non-unit dimension (MLIR 22's isContiguousSlice compares a negative
    // number of bytes for an all-unit vector<1x1xi8>: found by the IR fuzzer
    // on an i8 matmul).
    SmallVector<Operation *> transfers;
    getOperation()->walk([&](VectorTransferOpInterface op) {
      auto memref = dyn_cast<MemRefType>(op.getShapedType());
      VectorType vector = op.getVectorType();
      if (memref && vector.getRank() <= memref.getRank() &&
          llvm::any_of(vector.getShape(), [](int64_t d) { return d != 1; }) &&
          op.getPermutationMap().isMinorIdentity())
        transfers.push_back(op);
    });
    RewritePatternSet patterns(&getContext());
    vector::populateFlattenVectorTransferPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily(transfers, std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace
