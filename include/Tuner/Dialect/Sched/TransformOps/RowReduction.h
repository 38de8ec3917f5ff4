//===- RowReduction.h - warp-per-row reduction kernels ----------*- C++ -*-===//
//
// The kernel of gpu.reduction: a block-level linalg op whose innermost loop
// reduces a row (softmax's maximum and sum, a norm's mean and variance)
// rewritten, on memrefs, into one or several warps per row: the lanes stride
// over the row, each keeps a partial result, the warp combines them with
// `gpu.shuffle xor`, and the warps of a row through shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_ROWREDUCTION_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_ROWREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::tuner {

/// The discardable integer attributes gpu.reduction puts on the block-level
/// reduction (on tensors) that tuner-gpu-row-reduction rewrites after
/// bufferization: warps per row, consecutive elements a lane reads per step.
constexpr StringLiteral kRowReductionWarpsAttrName =
    "tuner.row_reduction.warps";
constexpr StringLiteral kRowReductionVectorAttrName =
    "tuner.row_reduction.vector";

/// How a block reduces its rows: `warps` warps per row (1, 2, 4 or 8), each
/// lane reading `vector` consecutive elements per step (1, 2 or 4; it
/// divides the row).
struct RowReductionOptions {
  int64_t warps = 1;
  int64_t vector = 1;
};

/// Whether `op` is a row reduction the kernel computes: a linalg.generic
/// with one init, its last loop the only reduction loop, the others
/// parallel (at most 3), the init indexed by the parallel loops in order,
/// projected-permutation input maps, static shapes, and a body whose yielded
/// value is a commutative, associative combiner (add, mul, max, min, and,
/// or, xor of integers or floats) of the init's block argument, used there
/// only, with a value of 32 or 64 bits. Sets `whyNot` otherwise.
LogicalResult checkRowReduction(linalg::LinalgOp op, std::string &whyNot);

/// The options the attributes above give `op`, nullopt when it has none of
/// them; failure (with a diagnostic on `op`) when one is missing or invalid.
FailureOr<std::optional<RowReductionOptions>>
getRowReductionOptions(Operation *op);

/// Rewrites `op`, a row reduction (checkRowReduction) on memrefs computed
/// once per GPU block, whose parallel loops are 1 except the last (R rows of
/// K elements), into an scf.forall over R x (32 warps) threads
/// (`#gpu.thread<y, x>`): lane t of a row accumulates the op's body over
/// elements [t v, t v + v) + i 32 warps v from the combiner's neutral
/// element; the warp combines the partials with gpu.shuffle xor (offsets
/// 16, 8, 4, 2, 1); with one warp, lane 0 combines the init with it and
/// stores the row's result; with several, lane 0 of each warp stores its
/// partial in a workgroup buffer [R][warps] and a second forall over the R
/// rows (`#gpu.thread<y>`) combines the init with the partials in warp
/// order. Fails (with a diagnostic on `op`, leaving the IR as it was) when a
/// precondition does not hold.
FailureOr<scf::ForallOp>
rewriteRowReduction(RewriterBase &rewriter, linalg::GenericOp op,
                    const RowReductionOptions &options);

} // namespace mlir::tuner

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_ROWREDUCTION_H
