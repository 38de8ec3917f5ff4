//===- TensorCoreEpilogue.h - what a tensor-core kernel absorbs -*- C++ -*-===//
//
// Part of the pipelined matmul kernels (TensorCoreMatmul.cpp, and the
// CUDA-core SimtMatmul.cpp): the fill before a block-level matmul and the
// elementwise ops after it, which a kernel computes on its accumulators in
// registers.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_DIALECT_SCHED_TRANSFORMOPS_TENSORCOREEPILOGUE_H
#define TUNER_LIB_DIALECT_SCHED_TRANSFORMOPS_TENSORCOREEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {

/// The ops around a block-level matmul on memrefs that its kernel absorbs.
struct TensorCoreEpilogue {
  /// The linalg.fill of the matmul's init just before it, or null.
  linalg::FillOp fill;
  /// Elementwise linalg ops after the matmul, in order: each reads a buffer
  /// the matmul or an earlier one of them wrote (its whole tile, with the
  /// identity map) and writes a bm x bn tile with the identity map.
  SmallVector<linalg::LinalgOp> ops;
  /// Where the kernel goes: the last absorbed op (or the matmul).
  Operation *last = nullptr;
};

/// Finds what the kernel of `matmul` absorbs: ops with no memory effects
/// between the fill, the matmul and the elementwise ops are skipped (they
/// stay); the first op that does not fit ends the epilogue. Inputs the
/// absorbed ops read from memory must not be views of a buffer they write.
TensorCoreEpilogue analyzeTensorCoreEpilogue(linalg::MatmulOp matmul);

/// The accumulator slots of one thread: slot s holds the element at
/// (rows[s], cols[s]) of the block tile; slots 2p and 2p + 1 are adjacent
/// columns of one row.
struct AccumulatorSlots {
  SmallVector<Value> rows, cols;
};

/// The buffer and indices that `buffer`[`indices`] addresses once the
/// rank-preserving, unit-stride memref.subview ops `buffer` comes from are
/// folded in (offsets added to the indices). The vector loads and stores of
/// the kernel address the root buffers directly: upstream's folding of
/// subviews into vector.load/store drops their alignment.
std::pair<Value, SmallVector<Value>>
foldSubviews(OpBuilder &b, Location loc, Value buffer, ValueRange indices);

/// Emits at `b`'s insertion point (inside the thread loop, after the K loop)
/// the absorbed elementwise ops on `acc` (the matmul's results per slot)
/// and the stores of every buffer they (or the matmul) wrote that is not a
/// temporary only they read, two adjacent columns at a time.
void emitTensorCoreEpilogue(OpBuilder &b, Location loc,
                            const TensorCoreEpilogue &epilogue,
                            linalg::MatmulOp matmul, ArrayRef<Value> acc,
                            const AccumulatorSlots &slots);

/// Erases the matmul, the fill and the absorbed ops, and the temporaries
/// (block-level memref.alloc ops) nothing else uses, with their deallocs.
void eraseAbsorbedOps(RewriterBase &rewriter,
                      const TensorCoreEpilogue &epilogue,
                      linalg::MatmulOp matmul);

} // namespace mlir::tuner

#endif // TUNER_LIB_DIALECT_SCHED_TRANSFORMOPS_TENSORCOREEPILOGUE_H
