//===- Prepare.h - graph rewrites before scheduling -------------*- C++ -*-===//
//
// What a model needs before its ops are scheduled one by one (IREE calls it
// global optimization): aggregate ops decomposed, convolutions in the layout
// the sketches vectorize (channels last), constants evaluated, elementwise
// chains and layout changes fused into their consumers, contraction operands
// in the layout the register tiles load. Each step is a library function
// with its own pass; `tuner-prepare` runs them in order, and the passes that
// annotate a model (sched-extract-tasks, sched-apply-default, tuner-tune,
// sched-apply-best) run it first by default, so that the tasks they see are
// those of the prepared program.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TRANSFORMS_PREPARE_H
#define TUNER_TRANSFORMS_PREPARE_H

#include "Tuner/Transforms/FoldConstants.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace mlir::tuner {

/// Replaces the tm_tensor ops under `root` (torch-mlir's scan, scatter,
/// sort, topk and attention, on tensors) and IREE's iree_linalg_ext ones of
/// the same meaning (scan, scatter, sort, topk): attention by linalg ops
/// (the products, a scaled and masked softmax), the others by loops on
/// tensors with their regions inlined. Part of convertFrontendOps. Fails with a
/// diagnostic at an attention of dynamic shapes.
LogicalResult convertTMTensorOps(Operation *root);

/// Rewrites the linalg ops and memref.copy ops of each function under `root`
/// that work on buffers (memref arguments, allocations, constant globals and
/// subviews of them) into the same ops on tensors, read from the buffers once
/// (bufferization.to_tensor restrict) and written back to the arguments once
/// before the return (bufferization.materialize_in_destination), so that
/// they become tasks. A function whose buffers have any other user is left
/// as it is (tuner-buffers-to-tensors).
void convertBufferOpsToTensors(Operation *root);

/// Replaces the aggregate ops under `root` (linalg.softmax, pack and unpack,
/// quantized matmuls, the Winograd transforms) by the linalg ops they
/// decompose into.
LogicalResult decomposeAggregateOps(Operation *root);

/// Rewrites the 2-D convolutions and poolings of `root` that read channels
/// first (linalg.conv_2d_nchw_fchw, depthwise_conv_2d_nchw_chw,
/// pooling_nchw_max/sum) into their channels-last forms (nhwc_hwcf,
/// nhwc_hwc, pooling_nhwc_*), with transposes of their operands and result
/// (a padded input is transposed before its padding; a filling or splat
/// operand is rebuilt in the new layout). Filter transposes of constants
/// fold at compile time; the others fuse with their neighbours. A 1x1
/// channels-last convolution with unit strides becomes a linalg.matmul of
/// the collapsed pixels by the filter.
LogicalResult convertToChannelsLast(Operation *root);

/// Fuses the elementwise ops of `root` with each other and into the
/// reductions that read them (as upstream's elementwise fusion does, named
/// elementwise ops generalized first): producers that only move data
/// (transpose, broadcast, copy) or compute little are also fused into each
/// of several consumers. Reshapes are moved across elementwise ops so that
/// they do not block fusion, and unit dimensions of the fused ops dropped
/// (with `fuseConvEpilogues`, not those of a convolution's elementwise
/// consumers, which then join its fused group). Contractions and
/// convolutions keep their operands.
LogicalResult fuseElementwiseOps(Operation *root,
                                 bool fuseConvEpilogues = true);

/// Converts the frontend ops the scheduling and lowering pipelines do not
/// know (tuner-convert-frontend-ops): loads of constant ml_program globals
/// become arith.constant ops, and TOSA ops go through upstream's TOSA to
/// linalg, tensor and arith conversions (`root` must then be a module).
/// Fails, with a diagnostic at the op, on a TOSA op none of them converts.
LogicalResult convertFrontendOps(Operation *root);

/// Replaces every `tensor.pad` with a constant padding value under `root` by
/// a `linalg.fill` of the padded shape and a `tensor.insert_slice` of the
/// source: the fill is scheduled like any elementwise op, and the producer
/// of the source writes straight into the interior of the padded buffer
/// (empty-tensor elimination) instead of a copy.
LogicalResult decomposePadOps(Operation *root);

/// Gives every contraction that accumulates in f32 but reads bf16 or f16
/// inputs (extending them inside its innermost loop) f32 inputs instead:
/// each narrow input is extended once by an elementwise op of its own (a
/// constant's extension folds at compile time). Exact: extension to f32
/// loses nothing.
/// Contractions in the packed bf16 form (isPackedBF16Dot) are left alone.
LogicalResult widenContractionInputs(Operation *root);

/// `value` (a ranked tensor of floats) extended or truncated elementwise to
/// `elementType`, by a linalg.generic into an empty tensor.
Value castTensorElements(OpBuilder &b, Location loc, Value value,
                         FloatType elementType);

/// Rewrites every reduction accumulating in bf16 or f16 (one result, a body
/// of float arithmetic) to accumulate in f32 and round once at the end
/// (tuner-widen-accumulators); with `contractions` false, only those that
/// are not contractions or convolutions.
LogicalResult widenAccumulators(Operation *root, bool contractions = true);

/// Gives every linalg op whose results are 0-d a leading parallel loop of
/// one iteration, its inits expanded to one element and its results
/// collapsed back (tuner-promote-scalar-results): a GPU schedule maps that
/// loop to a block and a thread.
LogicalResult promoteScalarResults(Operation *root);

/// Stores the i1 tensors that linalg.generic ops hand only to other
/// linalg.generic ops as i8 (tuner-widen-booleans), so that both vectorize.
void widenBooleanTensors(Operation *root);

/// Collapses every maximal run of two or more adjacent reduction loops of a
/// static linalg.generic on tensors that all of its maps (projected
/// permutations) read contiguously and in order into one loop
/// (tuner-collapse-reduction-loops).
LogicalResult collapseReductionLoops(Operation *root);

/// Splits every static row reduction on tensors (one reduction loop,
/// innermost) with fewer rows than `minBlocks` and rows of at least 8192
/// elements into partials over pieces of each row and a reduction of the
/// partials (tuner-split-reductions): rows x pieces blocks on a GPU.
LogicalResult splitReductions(Operation *root, int64_t minBlocks);

/// Whether `op` is a linalg.matmul or linalg.batch_matmul with the default
/// indexing maps (what padContractions pads and the pipelined GPU matmul
/// kernels take).
bool isDefaultMapsMatmul(Operation *op);

/// Gives every static linalg.matmul (and f16/bf16 linalg.batch_matmul) on
/// tensors whose M, N or K a GPU
/// kernel cannot tile (f16/bf16: not multiples of 16; f32: not multiples of
/// 4; all at least 16) aligned extents (getPaddedContractionExtent): its
/// inputs zero-padded, its chain of elementwise consumers run on the padded
/// result, the original extents extracted at the end of the chain
/// (tuner-pad-contractions).
LogicalResult padContractions(Operation *root);

/// The extent padContractions pads a misaligned matmul dimension of
/// `extent` to: the next multiple of 64 above 128, else of 16.
int64_t getPaddedContractionExtent(int64_t extent);

/// Gives every static linalg.matmul and linalg.batch_matmul on tensors with
/// default maps, f32 inputs and result and M, N, K of at least 16 whose
/// inputs are both exact extensions (an elementwise arith.extf, through
/// reshapes) of tensors of the same 16-bit float type those tensors as
/// inputs, accumulating in f32 as before (tuner-narrow-contraction-inputs;
/// the inverse of widenContractionInputs, for the tensor-core kernels).
LogicalResult narrowContractionInputs(Operation *root);

/// Rewrites every static linalg.conv_2d_nhwc_hwcf on tensors with inputs of
/// one 16-bit float type and an f32 result (or f16 with f16 inputs) whose
/// matmul form has M, N, K of at least 16 (with `f32`, also those with f32
/// inputs and result: tf32 tensor cores) into a linalg.matmul of its input
/// windows (an im2col linalg.generic, [N*OH*OW, KH*KW*C]) by its filter
/// ([KH*KW*C, F]), between free reshapes (tuner-im2col-convolutions; for
/// the tensor-core kernels).
LogicalResult im2colConvolutions(Operation *root, bool f32 = false);

/// Whether `root` has a reduction widenAccumulators would rewrite.
bool hasNarrowAccumulations(Operation *root);

/// Gives every contraction (one M, N and K dimension, at least 8 rows, N
/// innermost in the output) whose N operand has K innermost ([N, K]) that
/// operand transposed once to [K, N] (tuner-transpose-contraction-b).
LogicalResult transposeContractionB(Operation *root);
/// Gives every matrix-vector product (one M, N and K dimension, fewer than 8
/// rows, static shapes) whose N operand is constant data with N innermost
/// ([K, N]) that operand transposed to [N, K], K innermost (GPUs: the
/// products become row reductions; the transpose folds).
LogicalResult transposeMatvecB(Operation *root);

/// Rewrites every bf16 x bf16 -> f32 matmul (isPackableBF16Matmul) whose M,
/// N and K/2 are multiples of `multiple` into the operand layout of bf16 dot
/// products (tuner-pack-bf16-dot): A as [M, K/2, 2], B transposed to
/// [K/2, N, 2], a generic over (m, n, k, p); or, with `blockN` > 0 dividing
/// N, B in blocks of `blockN` columns ([N/blockN, K/2, blockN, 2]) and C
/// viewed as [M, N/blockN, blockN], a generic over (m, nb, n, k, p).
LogicalResult packBF16DotOperands(Operation *root, int64_t multiple = 1,
                                  int64_t blockN = 0);

/// A linalg.matmul or its generic form with static bf16 inputs, an f32
/// output and an even K (B may be [K, N] or, in a generic, [N, K]).
bool isPackableBF16Matmul(linalg::LinalgOp op);

/// A form packBF16DotOperands writes: a generic over (m, n, k, p) reading
/// A[m, k, p] and B[k, n, p] (bf16, p of extent 2), accumulating
/// ext(A) * ext(B) into C[m, n] (f32); or the blocked form over
/// (m, nb, n, k, p) reading A[m, k, p] and B[nb, k, n, p] into C[m, nb, n].
bool isPackedBF16Dot(linalg::LinalgOp op);

/// The blocked one of the packed forms (isPackedBF16Dot).
bool isBlockedBF16Dot(linalg::LinalgOp op);

/// Options of prepareForScheduling.
struct PrepareOptions {
  /// Fold linalg ops on constants (tuner-fold-constants).
  bool foldConstants = true;
  FoldConstantsOptions fold;
  /// Convert channels-first convolutions to channels last.
  bool channelsLast = true;
  /// Fuse elementwise ops.
  bool fuse = true;
  /// With fuse, keep the unit dimensions of a convolution's elementwise
  /// consumers so that they join its fused group.
  bool fuseConvEpilogues = true;
  /// Transpose [N, K] operands of contractions to [K, N] once.
  bool transposeB = true;
  /// Accumulate bf16/f16 reductions in f32 (intermediate roundings
  /// skipped).
  bool widenAccumulators = true;
  /// With widenAccumulators, widen contractions and convolutions too (CUDA
  /// targets keep their 16-bit accumulators).
  bool widenContractionAccumulators = true;
  /// Extend the bf16/f16 inputs of f32-accumulating contractions once.
  bool widenInputs = true;
  /// Put bf16 matmuls in the layout of bf16 dot products first (targets
  /// with AVX512-BF16 or AMX-BF16); the others are widened.
  bool packBF16 = false;
  /// Only those whose M, N and K/2 are multiples of this (16 where the
  /// packed form pays only on AMX tiles).
  int64_t packBF16Multiple = 1;
  /// Columns of B per block in the packed form (0: B as [K/2, N, 2]).
  int64_t packBF16BlockN = 0;
  /// Give ops with 0-d results a loop of one iteration (CUDA targets).
  bool promoteScalars = false;
  /// Collapse adjacent reduction loops read contiguously (CUDA targets).
  bool collapseReductions = false;
  /// Split long row reductions with fewer rows than this into partials (0:
  /// never; CUDA targets: the SM count).
  int64_t splitReductionBlocks = 0;
  /// Let f32 matmuls of extended bf16/f16 tensors read those tensors
  /// (narrowContractionInputs; CUDA targets).
  bool narrowInputs = false;
  /// Rewrite 16-bit convolutions as matmuls of their input windows
  /// (im2colConvolutions; CUDA targets).
  bool im2col = false;
  /// With im2col, f32 convolutions too (CUDA targets with tf32).
  bool im2colF32 = false;
  /// Give matmuls with a non-splat float constant init a zero fill and add
  /// the constant after them (fused into GPU kernels' epilogues; CUDA).
  bool constantInitEpilogues = false;
  /// Pad odd matmuls to aligned extents (CUDA targets).
  bool padContractions = false;
  /// transposeMatvecB, after generalizing the named matrix-vector products
  /// (linalg.matvec, vecmat, batch_matvec, batch_vecmat, dot) that
  /// gpu.reduction takes in generic form only (CUDA targets).
  bool transposeMatvecB = false;
};

/// The whole preparation (`tuner-prepare`): frontend ops converted, linalg
/// on buffers rewritten on tensors, calls to the module's own functions
/// inlined, decomposition of aggregates, channels last, constant folding,
/// elementwise fusion, constant folding again, canonicalization and CSE.
/// Idempotent: preparing a prepared program changes nothing.
LogicalResult prepareForScheduling(Operation *root,
                                   const PrepareOptions &options = {});

} // namespace mlir::tuner

#endif // TUNER_TRANSFORMS_PREPARE_H
