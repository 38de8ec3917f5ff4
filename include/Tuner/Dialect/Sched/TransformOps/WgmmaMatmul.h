//===- WgmmaMatmul.h - Hopper matmul kernels: TMA and wgmma -----*- C++ -*-===//
//
// The kernel body of gpu.contraction_wgmma (sm_90a): a block-level
// linalg.matmul on memrefs rewritten into TMA loads of its operand tiles
// (128-byte swizzled boxes, one mbarrier per stage) and warpgroup MMAs
// (wgmma.mma_async m64nNk16 reading both operands from shared memory) with
// f32 accumulators in registers across K, and the epilogue of the
// tensor-core kernel (fill, elementwise consumers, one store).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_WGMMAMATMUL_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_WGMMAMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tuner {

/// The discardable integer attributes gpu.contraction_wgmma puts on the
/// block-level matmul (on tensors) that tuner-gpu-wgmma-matmul rewrites
/// after bufferization: warpgroups per block along M and N, K per stage
/// (kWgmmaTileK, the only value), stages.
constexpr StringLiteral kWgmmaGroupsMAttrName = "tuner.wgmma.warpgroups_m";
constexpr StringLiteral kWgmmaGroupsNAttrName = "tuner.wgmma.warpgroups_n";
constexpr StringLiteral kWgmmaTileKAttrName = "tuner.wgmma.tile_k";
constexpr StringLiteral kWgmmaStagesAttrName = "tuner.wgmma.stages";

/// K per stage: one 128-byte swizzle row of 16-bit elements (the only
/// swizzle MLIR 22's warpgroup descriptors take).
constexpr int64_t kWgmmaTileK = 64;

/// How a block computes its tile: groupsM x groupsN warpgroups (128
/// threads each), each owning a (bm / groupsM) x (bn / groupsN) tile of the
/// result; K in steps of kWgmmaTileK, `stages` of them in flight.
struct WgmmaMatmulOptions {
  int64_t groupsM = 1;
  int64_t groupsN = 1;
  int64_t stages = 4;
};

/// Shared memory of a kernel: the stages of A (bm x 64) and B (64 x bn) of
/// 16-bit elements, and 1 KiB to align them to the swizzle's 1024-byte
/// pattern.
int64_t getWgmmaSharedBytes(int64_t bm, int64_t bn,
                            const WgmmaMatmulOptions &options);

/// Accumulator registers per thread of a kernel with block tile bm x bn.
int64_t getWgmmaAccumulators(int64_t bm, int64_t bn,
                             const WgmmaMatmulOptions &options);

/// Whether a kernel can compute a bm x bn block tile of a matmul with
/// reduction extent `k`: warpgroup tiles of whole 64-row wgmmas and of 64
/// to 256 columns in 64-column boxes, k a multiple of 64, bm at most 256
/// (a TMA box), 2 to 8 stages, at most 128 accumulators per thread. Sets
/// `whyNot` otherwise.
LogicalResult checkWgmmaTiles(int64_t bm, int64_t bn, int64_t k,
                              const WgmmaMatmulOptions &options,
                              std::string &whyNot);

/// The options the attributes above give `op`, nullopt when it has none of
/// them; failure (with a diagnostic on `op`) when some are missing, not
/// positive integers, or the K tile is not kWgmmaTileK.
FailureOr<std::optional<WgmmaMatmulOptions>> getWgmmaOptions(Operation *op);

/// Rewrites `matmul`, a linalg.matmul on memrefs with the default indexing
/// maps computed once per GPU block, bf16 x bf16 -> f32 or f16 x f16 ->
/// f32, whose A and B are (unit-stride subviews of) 2-D buffers defined
/// outside the outermost block loop, into:
///
///  - before that loop (host code), one `nvgpu.tma.create.descriptor` per
///    operand: A in bm x 64 boxes, B in 64 x 64 boxes, 128-byte swizzle;
///  - at the matmul, the block's dynamic shared memory and its mbarriers,
///    and an scf.forall over the block's threads (`#gpu.thread<x>`) holding
///    the kernel (see WgmmaMatmul.cpp), with the epilogue of
///    rewriteMatmulAsTensorCoreKernel.
///
/// Returns the forall; fails (with a diagnostic on `matmul`, leaving the IR
/// as it was) when the options do not fit its shapes or a precondition does
/// not hold.
FailureOr<scf::ForallOp>
rewriteMatmulAsWgmmaKernel(RewriterBase &rewriter, linalg::MatmulOp matmul,
                           const WgmmaMatmulOptions &options);

} // namespace mlir::tuner

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_WGMMAMATMUL_H
