//===- BlockMatmul.h - a block's matmul on 2-D slices -----------*- C++ -*-===//
//
// The GPU matmul kernels (TensorCoreMatmul.h, SimtMatmul.h) take a
// linalg.matmul on 2-D views. A block tile of a batch matmul (one batch) or
// of split-K's partial products (one slice of K) is a contraction with unit
// loops besides m, n and k: rankReduceToMatmul makes it such a matmul.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_BLOCKMATMUL_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_BLOCKMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tuner {

/// Whether rankReduceToMatmul takes `op` (the reason in `whyNot` where
/// not).
LogicalResult checkRankReducibleMatmul(linalg::LinalgOp op,
                                       std::string &whyNot);

/// Rewrites `op`, a contraction on float tensors whose loops are one m, one
/// n, one k and any number of batch loops of extent 1, with A indexed
/// (m, k), B (k, n) and the init (m, n) once those are dropped, into a
/// linalg.matmul on rank-reduced slices of its operands, inserted back
/// where the init was. A linalg.fill producing the init for `op` alone
/// becomes a fill of the rank-reduced slice, as the kernels' epilogues
/// absorb it. Fails, with the reason in `whyNot` and nothing changed, on
/// another op.
FailureOr<linalg::MatmulOp> rankReduceToMatmul(RewriterBase &rewriter,
                                               linalg::LinalgOp op,
                                               std::string &whyNot);

} // namespace mlir::tuner

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_BLOCKMATMUL_H
