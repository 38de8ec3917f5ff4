//===- MmaSync.h - mixed-precision matmuls to mma.sync ----------*- C++ -*-===//
//
// Part of tuner-gpu-map-forall (LowerGPU.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_MMASYNC_H
#define TUNER_LIB_TRANSFORMS_MMASYNC_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace mlir::tuner {

/// Rewrites every 16x16 x 16x8 -> 16x8 linalg.matmul on memrefs marked
/// `tuner.mma_sync` whose inputs are f16 or bf16 and result f32 (which
/// MLIR 22's transform.nvgpu.rewrite_matmul_as_mma_sync rejects) into the
/// loads of one warp's m16n8k16 fragments (each lane its elements, PTX ISA
/// layout), one tensor-core instruction and the stores of the accumulator:
/// nvgpu.mma.sync for f16, nvvm.mma.sync for bf16 (nvgpu's NVVM lowering
/// has no bf16). Fails (with a diagnostic) on a marked f32-accumulating
/// matmul of another shape or on tensors.
LogicalResult rewriteMixedPrecisionMmaSync(Operation *root);

/// The dialects the rewrite creates ops of.
void insertMmaSyncDialects(DialectRegistry &registry);

} // namespace mlir::tuner

#endif // TUNER_LIB_TRANSFORMS_MMASYNC_H
