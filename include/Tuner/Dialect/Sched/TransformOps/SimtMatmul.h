//===- SimtMatmul.h - pipelined CUDA-core f32 matmul kernels ----*- C++ -*-===//
//
// The kernel of gpu.contraction_simt: a block-level f32 linalg.matmul on
// memrefs rewritten into the copy pipeline of the tensor-core kernel
// (16-byte cp.async into swizzled, multi-stage dynamic shared memory) and
// register tiles of FMAs per thread, fed by 16-byte shared-memory loads,
// with the fill and the elementwise consumers of the result computed in
// registers before one store.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_SIMTMATMUL_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_SIMTMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir::tuner {

/// The discardable integer attributes gpu.contraction_simt puts on the
/// block-level matmul (on tensors) that tuner-gpu-simt-matmul rewrites after
/// bufferization: threads per block along M and N, K per stage, stages.
constexpr StringLiteral kSimtThreadsMAttrName = "tuner.simt.threads_m";
constexpr StringLiteral kSimtThreadsNAttrName = "tuner.simt.threads_n";
constexpr StringLiteral kSimtTileKAttrName = "tuner.simt.tile_k";
constexpr StringLiteral kSimtStagesAttrName = "tuner.simt.stages";

/// How a block computes its bm x bn tile: threadsM x threadsN threads, each
/// owning (bm / threadsM) rows, threadsM apart, and bn / threadsN columns
/// in groups of 4 (4 threadsN apart); K in steps of tileK, `stages` of them
/// in flight in shared memory.
struct SimtMatmulOptions {
  int64_t threadsM = 16;
  int64_t threadsN = 16;
  int64_t tileK = 16;
  int64_t stages = 3;
};

/// Shared memory of a kernel: `stages` tiles of A (bm x tileK) and of B
/// (tileK x bn) of f32.
int64_t getSimtSharedBytes(int64_t bm, int64_t bn,
                           const SimtMatmulOptions &options);

/// Accumulators per thread of a kernel with block tile bm x bn.
int64_t getSimtAccumulators(int64_t bm, int64_t bn,
                            const SimtMatmulOptions &options);

/// Whether a kernel can compute a bm x bn block tile of a matmul with
/// reduction extent `k`: 32 to 1024 threads in whole warps, threadsM
/// dividing bm, 4 threadsN dividing bn, tileK a multiple of 8 dividing k
/// whose rows the swizzle permutes in place (8, 16 or a multiple of 32
/// floats; likewise bn), 2 to 8 stages, at most 128 accumulators per
/// thread. Sets `whyNot` otherwise.
LogicalResult checkSimtTiles(int64_t bm, int64_t bn, int64_t k,
                             const SimtMatmulOptions &options,
                             std::string &whyNot);

/// The options the attributes above give `op`, nullopt when it has none of
/// them; failure (with a diagnostic on `op`) when some are missing or not
/// positive integers.
FailureOr<std::optional<SimtMatmulOptions>> getSimtOptions(Operation *op);

/// Whether rewriteMatmulAsSimtKernel applies to `matmul` with `options`;
/// sets `whyNot` when not.
LogicalResult checkSimtMatmul(linalg::MatmulOp matmul,
                              const SimtMatmulOptions &options,
                              std::string &whyNot);

/// Rewrites `matmul`, an f32 linalg.matmul on memrefs with the default
/// indexing maps computed once per GPU block (A bm x K, B K x bn, C bm x bn
/// of static shapes), into an scf.forall over the block's threads
/// (`#gpu.thread<x>`) holding the kernel; the fill before it and the
/// elementwise ops after it are absorbed as by the tensor-core kernel
/// (TensorCoreMatmul.h). Returns the forall; fails (with a diagnostic on
/// `matmul`, leaving the IR as it was) when a precondition does not hold.
FailureOr<scf::ForallOp>
rewriteMatmulAsSimtKernel(RewriterBase &rewriter, linalg::MatmulOp matmul,
                          const SimtMatmulOptions &options);

} // namespace mlir::tuner

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_SIMTMATMUL_H
