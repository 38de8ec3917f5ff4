//===- TensorCoreMatmul.h - pipelined tensor-core matmul kernels -*- C++
//-*-===//
//
// The kernel body of gpu.contraction_mma: a block-level linalg.matmul on
// memrefs rewritten into cp.async copies of its operand tiles into swizzled,
// multi-stage shared memory, ldmatrix fragment loads and mma.sync m16n8k16
// with f32 (or f16) accumulators in registers across K, and an epilogue that
// computes the fill and the elementwise consumers of the result in
// registers before a single store.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_TENSORCOREMATMUL_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_TENSORCOREMATMUL_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tuner {

/// The discardable integer attributes gpu.contraction_mma puts on the
/// block-level matmul (on tensors) that tuner-gpu-tensor-core-matmul rewrites
/// after bufferization: warps per block along M and N, K per stage, stages.
constexpr StringLiteral kTensorCoreWarpsMAttrName = "tuner.tensor_core.warps_m";
constexpr StringLiteral kTensorCoreWarpsNAttrName = "tuner.tensor_core.warps_n";
constexpr StringLiteral kTensorCoreTileKAttrName = "tuner.tensor_core.tile_k";
constexpr StringLiteral kTensorCoreStagesAttrName = "tuner.tensor_core.stages";

/// The integer attribute on the `gpu.dynamic_shared_memory` op of a kernel:
/// the bytes it uses, which tuner-gpu-dynamic-shared-memory copies onto the
/// enclosing gpu.launch.
constexpr StringLiteral kSharedBytesAttrName = "tuner.shared_bytes";

/// How a block computes its tile: warpsM x warpsN warps, each owning a
/// (bm / warpsM) x (bn / warpsN) tile of the result; K in steps of tileK,
/// `stages` of them in flight in shared memory.
struct TensorCoreMatmulOptions {
  int64_t warpsM = 2;
  int64_t warpsN = 2;
  int64_t tileK = 32;
  int64_t stages = 3;
};

/// Shared memory of a kernel: `stages` tiles of A (bm x tileK) and of B
/// (tileK x bn) of `elementBytes`-byte elements.
int64_t getTensorCoreSharedBytes(int64_t bm, int64_t bn,
                                 const TensorCoreMatmulOptions &options,
                                 int64_t elementBytes);

/// Accumulator registers per thread of a kernel with block tile bm x bn.
int64_t getTensorCoreAccumulators(int64_t bm, int64_t bn,
                                  const TensorCoreMatmulOptions &options);

/// Whether a kernel can compute a bm x bn block tile of a matmul with
/// reduction extent `k` (every size static) of `elementBytes`-byte inputs
/// (2: f16 and bf16; 4: f32 on tf32 tensor cores): tiles of whole 16 x 16
/// warp fragments, tileK a multiple of the mma's K (16, tf32 8) dividing k,
/// 2 to 8 stages, 1 to 32 warps, at most 128 accumulators per thread,
/// shared-memory rows whose 16-byte chunks the swizzle permutes in place (2,
/// 4 or a multiple of 8 chunks). Sets `whyNot` otherwise.
LogicalResult checkTensorCoreTiles(int64_t bm, int64_t bn, int64_t k,
                                   const TensorCoreMatmulOptions &options,
                                   std::string &whyNot,
                                   int64_t elementBytes = 2);

/// The options the attributes above give `op`, nullopt when it has none of
/// them; failure (with a diagnostic on `op`) when some are missing or not
/// positive integers.
FailureOr<std::optional<TensorCoreMatmulOptions>>
getTensorCoreOptions(Operation *op);

/// Whether rewriteMatmulAsTensorCoreKernel applies to `matmul` with
/// `options`; sets `whyNot` when not.
LogicalResult checkTensorCoreMatmul(linalg::MatmulOp matmul,
                                    const TensorCoreMatmulOptions &options,
                                    std::string &whyNot);

/// Rewrites `matmul`, a linalg.matmul on memrefs with the default indexing
/// maps, computed once per GPU block (inside an scf.forall mapped to
/// blocks, in none mapped to threads), A bm x K, B K x bn, C bm x bn of
/// static shapes, bf16 x bf16 -> f32, f16 x f16 -> f32, f16 x f16 -> f16 or
/// f32 x f32 -> f32 (tf32: mma.sync m16n8k8 on inputs rounded to tf32),
/// into an scf.forall over the block's threads (`#gpu.thread<x>`) holding
/// the kernel (see the file comment). The linalg.fill that produces C just
/// before it, and the elementwise linalg ops after it that read C (and what
/// they write) with the identity map, become part of the kernel: the
/// accumulators start at the fill's value, the elementwise bodies run on
/// them in registers, and a temporary C that nothing else reads is never
/// stored. Returns the forall; fails (with a diagnostic on `matmul`,
/// leaving the IR as it was) when the options do not fit its shapes or a
/// precondition does not hold.
FailureOr<scf::ForallOp>
rewriteMatmulAsTensorCoreKernel(RewriterBase &rewriter, linalg::MatmulOp matmul,
                                const TensorCoreMatmulOptions &options);

} // namespace mlir::tuner

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_TENSORCOREMATMUL_H
