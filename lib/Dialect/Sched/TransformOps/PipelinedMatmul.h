//===- PipelinedMatmul.h - the copy pipeline of matmul kernels --*- C++ -*-===//
//
// What the tensor-core (TensorCoreMatmul.cpp) and CUDA-core (SimtMatmul.cpp)
// matmul kernels share: the block-level preconditions, the multi-stage
// cp.async copies of A's and B's K tiles into dynamic shared memory, the
// pipelined K loop around a kernel's compute step, the thread loop, and the
// accumulators' start.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_DIALECT_SCHED_TRANSFORMOPS_PIPELINEDMATMUL_H
#define TUNER_LIB_DIALECT_SCHED_TRANSFORMOPS_PIPELINEDMATMUL_H

#include "TensorCoreEpilogue.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <optional>
#include <string>

namespace mlir::tuner::detail {

/// Index arithmetic at a builder's insertion point.
struct IndexBuilder {
  OpBuilder &b;
  Location loc;

  Value c(int64_t v) const;
  Value add(Value x, Value y) const;
  Value add(Value x, int64_t y) const;
  Value mul(Value x, int64_t y) const;
  Value div(Value x, int64_t y) const;
  Value rem(Value x, int64_t y) const;
  Value bitXor(Value x, Value y) const;
  Value ult(Value x, int64_t y) const;
  /// (x + 1) mod m for x in [0, m).
  Value nextMod(Value x, int64_t m) const;
};

/// How a K tile of A (bm x tileK) and of B (tileK x bn) is laid out in
/// shared memory: rows of 16-byte chunks, XOR-swizzled (see `swizzle`), or
/// plain with A's rows padded by `padA` elements.
struct StagedTiles {
  int64_t bm = 0, bn = 0, k = 0, tileK = 0, stages = 0, threads = 0;
  /// Elements per 16-byte chunk.
  int64_t chunk = 8;
  bool swizzled = true;
  int64_t padA = 0;
  /// The block's tiles in global memory (A bm x K, B K x bn), and their
  /// stages in shared memory ([stages][bm][tileK + padA],
  /// [stages][tileK][bn]).
  Value a, b, sharedA, sharedB;

  int64_t kTiles() const { return k / tileK; }
  /// Bytes of shared memory for `elementBytes`-byte elements.
  int64_t getSharedBytes(int64_t elementBytes) const {
    return stages * (bm * (tileK + padA) + tileK * bn) * elementBytes;
  }
};

/// The stored chunk of chunk `chunk` of row `row` in rows of `chunks`
/// chunks: chunk ^ (row % 8) for 8 or more chunks, chunk ^ ((row / (8 /
/// chunks)) % chunks) for 2 or 4: 8 consecutive rows at one chunk, and 8
/// consecutive chunks of a row or two, fall in 8 different 4-bank groups.
Value swizzle(const IndexBuilder &ib, Value row, Value chunk, int64_t chunks);
/// Whether rows of `chunks` chunks can be swizzled in place (2, 4 or a
/// multiple of 8).
bool isSwizzlable(int64_t chunks);

/// Creates, at the builder's point (block level), the dynamic shared memory
/// of `tiles` (its size on the op, kSharedBytesAttrName) and the views of
/// A's and B's stages; sets tiles.sharedA and tiles.sharedB.
void allocateStagedTiles(const IndexBuilder &ib, StagedTiles &tiles,
                         Type element);

/// Creates an scf.forall over `threads` threads (`#gpu.thread<x>`) at the
/// rewriter's point.
scf::ForallOp createThreadLoop(RewriterBase &rewriter, Location loc,
                               int64_t threads);

/// The compute step of a kernel on the K tile in stage `stage`: the new
/// accumulators.
using ComputeStage =
    function_ref<SmallVector<Value>(Value stage, ArrayRef<Value> acc)>;

/// The pipelined K loop: `stages - 1` tiles copied ahead (one commit group
/// each), then per K tile: wait for all but the newest `stages - 2` groups,
/// a barrier, the copy of tile kt + stages - 1 into the slot tile kt - 1
/// used, `compute` on tile kt. Thread `tid` copies chunks tid, tid + T, ...
/// Returns the final accumulators.
SmallVector<Value> buildPipelinedLoop(const IndexBuilder &ib,
                                      const StagedTiles &tiles, Value tid,
                                      ArrayRef<Value> acc,
                                      ComputeStage compute);

/// The accumulators before K: the fill's value, or C's elements at `slots`
/// (two adjacent columns per load).
SmallVector<Value> initAccumulators(const IndexBuilder &ib, Value c,
                                    linalg::FillOp fill,
                                    const AccumulatorSlots &slots);

/// The positive integer attributes `names` of `op`, a kernel's marks (in
/// that order); nullopt when `op` has none of them; failure, with "`what`
/// needs a positive integer '<name>' attribute" on `op`, when one is missing
/// or not positive.
FailureOr<std::optional<SmallVector<int64_t, 4>>>
readKernelMarks(Operation *op, ArrayRef<StringLiteral> names, StringRef what);

/// Checks what both kernels need of a matmul: memrefs, the default maps,
/// static shapes, unit column strides, row strides of whole `chunk`-element
/// chunks for A and B and of pairs for C, computed once per GPU block.
LogicalResult checkBlockMatmul(linalg::MatmulOp matmul, int64_t chunk,
                               std::string &whyNot);

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_DIALECT_SCHED_TRANSFORMOPS_PIPELINEDMATMUL_H
