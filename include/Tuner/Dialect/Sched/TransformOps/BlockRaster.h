//===- BlockRaster.h - the order in which GPU blocks take tiles -*- C++ -*-===//
//
// A 2-D grid of block tiles (rows of M, columns of N) is launched in the
// order of the linear block index, columns fastest: each wave of resident
// blocks then reads a few rows of A and all of B. Grouped rasterization
// (Triton's GROUP_SIZE_M, CUTLASS's threadblock swizzle) renumbers the
// blocks so that consecutive ones walk down a group of G block rows before
// the next column: a wave reads G rows of A and a few columns of B, which
// stay in L2 for the blocks after it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_BLOCKRASTER_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_BLOCKRASTER_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tuner {

/// The attribute a rasterized block loop carries: its group of block rows
/// (what the cost model's features read).
constexpr StringLiteral kBlockRasterAttrName = "tuner.block_raster";
/// The attribute a block loop over slices of K carries (split-K: its first
/// dimension computes that many partial products of the matmul, which a
/// second kernel sums).
constexpr StringLiteral kSplitKAttrName = "tuner.split_k";

/// Whether rasterizeBlocks can renumber the tiles of `forall` (the reason
/// in `whyNot` where not).
LogicalResult checkRasterizable(scf::ForallOp forall, std::string &whyNot);

/// Renumbers the tiles of `forall`, a normalized 2-D loop over (rows,
/// columns) of block tiles with static trip counts (R, C): the iteration
/// with linear index p = i C + j computes the tile at
///
///   g = p / (G C), first = g G, rows = min(R - first, G),
///   q = p % (G C): row first + q % rows, column q / rows,
///
/// a permutation of the tiles (the last group may have fewer rows). The
/// body's uses of the induction variables take the new ones; `forall`
/// gets kBlockRasterAttrName. `groupRows` of 1 changes nothing but the
/// attribute. Fails, with the reason in `whyNot` and nothing changed, on
/// another loop.
LogicalResult rasterizeBlocks(RewriterBase &rewriter, scf::ForallOp forall,
                              int64_t groupRows, std::string &whyNot);

} // namespace mlir::tuner

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_BLOCKRASTER_H
