//===- SketchUtils.h - scaffolding shared by the sketches -------*- C++ -*-===//
//
// Internal to lib/Tuner/Sketch: the parts of a script every sketch emits the
// same way (fusing a group into its outer parallel tiles, vectorizing its
// elementwise members) and small helpers on knob domains.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_SKETCH_SKETCHUTILS_H
#define TUNER_LIB_TUNER_SKETCH_SKETCHUTILS_H

#include "Tuner/Tuner/Sketch/ScriptBuilder.h"
#include "Tuner/Tuner/Sketch/Sketch.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tuner::detail {

/// Handles of a fused group after its outer parallel tiling.
struct TiledGroup {
  Handle forall;
  Handle anchor;
  SmallVector<Handle> producers;
  /// In chain order; the last one is the op the forall was built from.
  SmallVector<Handle> consumers;
};

/// Handles on the ops of a group without tiling it (for ops with nothing to
/// split over threads); `forall` is left empty.
TiledGroup getGroupHandles(ScriptBuilder &b, const FusedGroup &group);
/// Handles on the group's elementwise consumers, in chain order, taken from
/// the anchor handle (before it is consumed).
SmallVector<Handle> getConsumerHandles(ScriptBuilder &b,
                                       const FusedGroup &group);

/// Projects sizes given per loop of the anchor onto the loops of the ops
/// indexed like the anchor's first result (its producers and consumers).
SmallVector<Size> projectToResultLoops(linalg::LinalgOp anchor,
                                       ArrayRef<Size> anchorSizes);

/// Tiles the group's root (its last consumer, or the anchor) with
/// `tile_using_forall` using `outerSizes` (per anchor loop; reduction loops
/// must be zero) and fuses the other ops of the group into the forall.
/// `loopMapping`, when given, has one mapping attribute text per anchor
/// loop (e.g. "#gpu.block<x>"), used for the loops whose size is non-zero.
TiledGroup tileAndFuseGroup(ScriptBuilder &b, const FusedGroup &group,
                            ArrayRef<Size> outerSizes,
                            ArrayRef<Attribute> loopMapping = {});
/// tileAndFuseGroup without the group's consumers, whose handles (chain
/// order) it sets in `consumers`, for buildConsumerKernel.
TiledGroup tileAndFuseApartFromConsumers(ScriptBuilder &b,
                                         const FusedGroup &group,
                                         ArrayRef<Size> outerSizes,
                                         ArrayRef<Attribute> loopMapping,
                                         SmallVector<Handle> &consumers);
/// The indexing map of the anchor's first result; for an op without
/// results (torch-mlir's index checks: cf.assert only), the identity over
/// its loops.
AffineMap getIterationMap(linalg::LinalgOp anchor);
/// The positions of the anchor loops indexing its first result, in result
/// dimension order (how sizes per anchor loop project onto its consumers).
SmallVector<unsigned> getResultLoopPositions(linalg::LinalgOp anchor);
/// The mapping of a forall tiled by `sizes`: the entries of `loopMapping`
/// (one per loop, null for none) for the non-zero sizes; empty without a
/// mapping.
SmallVector<Attribute> getMapping(ArrayRef<Size> sizes,
                                  ArrayRef<Attribute> loopMapping);
/// `#gpu.block<id>` and `#gpu.thread<id>`: the mapping of a forall loop.
Attribute blockDim(MLIRContext *ctx, gpu::MappingId id);
Attribute threadDim(MLIRContext *ctx, gpu::MappingId id);

/// How vectorizeElementwise treats tiles that a tile size does not divide.
enum class PartialTiles {
  /// None are expected: every tile is full.
  None,
  /// Vector sizes equal to the tile sizes are given: partial tiles
  /// vectorize with masks.
  Masked,
  /// The partial last tile of each loop is peeled into a loop of its own:
  /// full and partial tiles both vectorize with static shapes.
  Peeled,
};

/// Tiles every producer and consumer of `tiled` with `innerSizes` (per anchor
/// loop, projected) and vectorizes them, partial tiles as `partial` says.
void vectorizeElementwise(ScriptBuilder &b, TiledGroup &tiled,
                          const FusedGroup &group, ArrayRef<Size> innerSizes,
                          PartialTiles partial);

/// Peels the partial last iteration off each loop of `loops` (a loop nest,
/// outermost first; consumed), canonicalizes both parts so that the tiles
/// in them get static shapes, and returns the linalg ops of the partial
/// iterations of any loop (an empty handle where every step divides its
/// range).
Handle peelPartialTiles(ScriptBuilder &b, ArrayRef<Handle> loops);

/// GPU: pads every input of `op` (a tiled anchor whose tiles divide its
/// extents, so nothing is padded) as a nofold copy, the slices to stage in
/// shared memory; returns the padded op and one tensor.pad handle per input.
std::pair<Handle, SmallVector<Handle>>
padInputsForStaging(ScriptBuilder &b, linalg::LinalgOp anchor, Handle op);
/// GPU: copies each of `pads` into workgroup (shared) memory, cooperatively
/// by `threads` threads (map_copy_to_threads, 128-bit where the shape
/// allows), vectorized.
void stageInWorkgroupMemory(ScriptBuilder &b, ArrayRef<Handle> pads,
                            int64_t threads);
/// GPU: distributes the producers and consumers of `tiled` over threads:
/// `numThreads` and `threadMapping` per anchor loop, projected onto the
/// loops of the result; vectorized with `vectorize`.
void distributeElementwise(ScriptBuilder &b, TiledGroup &tiled,
                           linalg::LinalgOp anchor, ArrayRef<Size> numThreads,
                           ArrayRef<Attribute> threadMapping, bool vectorize);
/// GPU: the elementwise consumers of `anchor` (`consumers`, handles in chain
/// order, consumed) as a kernel of their own, after the anchor's: blocks of
/// up to 256 results along the innermost result loop (one thread each), the
/// other result loops one per block, mapped as `blocks` says per anchor
/// loop. The anchor's result is then a buffer of the function, not a
/// per-block temporary (which bufferization would allocate inside the
/// anchor's kernel: a device malloc). `producers` (the fill of the first
/// consumer's init, say) are fused into that kernel and distributed alike.
void buildConsumerKernel(ScriptBuilder &b, SmallVector<Handle> consumers,
                         linalg::LinalgOp anchor, ArrayRef<Attribute> blocks,
                         ArrayRef<Handle> producers = {});
/// structured.pad's padding values for `op`: a zero of each operand's
/// element type.
SmallVector<Attribute> getZeroPaddingValues(linalg::LinalgOp op);

/// Bit width of the element type of the anchor's first result.
int64_t getResultElementBits(linalg::LinalgOp anchor);

/// The target's L1 and L2 data cache sizes in bytes, or 32 KiB and 1 MiB
/// where the target does not give them (a #sched.target written by hand).
int64_t getL1Bytes(sched::TargetAttr target);
int64_t getL2Bytes(sched::TargetAttr target);

/// The widest element type (in bits) among the operands of `op` (at least
/// 8): what sizes the vector lanes of an op mixing element types.
int64_t getWidestElementBits(linalg::LinalgOp op);

/// The pattern descriptors (for ScriptBuilder::applyPatterns) that lower the
/// vector.contract of `anchor`'s register tile with `strategy`
/// ("outerproduct", "llvmintr") and the outer products to FMAs. For an
/// integer accumulator they also drop leading unit dimensions: an i8 x i8
/// -> i32 contraction with a unit batch dimension (vector<1x8x16xi32>) is
/// not lowered otherwise and reached LLVM as a vector.contract.
SmallVector<PatternSpec> getContractionLowering(linalg::LinalgOp anchor,
                                                StringRef strategy);
/// Whether upstream's vectorizer accepts `op` (with static shapes), with the
/// reason when it does not.
bool isVectorizable(linalg::LinalgOp op, std::string &whyNot);
/// Whether an op of the group has a tensor of elements narrower than a byte
/// (i1, i4): LLVM packs vectors of them but not buffers, so a vectorizing
/// schedule would read and write the wrong memory. Sets `whyNot` when so.
bool hasSubByteTensors(const FusedGroup &group, std::string &whyNot);

/// Whether loop `dim` of the group's anchor can be split among threads
/// (tiled into an scf.forall with the group's other ops): a parallel loop
/// (a multi-result op may write a result through a reduction loop: tiles of
/// it would race on the other results), and tiling it keeps every operand
/// slice exact: no indexing map of the anchor uses the loop under mod,
/// floordiv or ceildiv, and no other op of the group has such a map. Tiling
/// offsets those expressions by the tile's origin, which they do not
/// commute with ((i + 16) mod 5 is not i mod 5 + 16).
bool isTileableLoop(const FusedGroup &group, unsigned dim);

/// Fails, saying why, unless `op` has parallel loops only and writes its
/// first result through a permutation of them (the elementwise sketches'
/// class: elementwise ops, broadcasts, transposes).
LogicalResult checkParallelPermutation(linalg::LinalgOp op,
                                       std::string &whyNot);

/// Fails, saying why, when a block of `threads` threads exceeds what
/// `target` allows (at most 1024 on any NVIDIA GPU).
LogicalResult checkThreadsPerBlock(sched::TargetAttr target, int64_t threads,
                                   std::string &whyNot);

/// Whether every type of the group's operands is a static-shaped tensor of
/// int or float elements (or also of index elements, with `anyElementType`:
/// what the schedules that tile, vectorize or leave loops accept; and also
/// of complex numbers, with `complexElements`: what the fallbacks, which
/// leave the loops scalar, accept).
bool hasStaticTensorOperands(const FusedGroup &group,
                             bool anyElementType = false,
                             bool complexElements = false);

/// The two numbers of a 2-D shape option "AxB" (e.g. a block of threads
/// "16x8"): (A, B).
std::pair<int64_t, int64_t> parseShapeOption(StringRef option);
/// The loop extents (m, n, k pairs, 2) of a group whose anchor is a bf16
/// matmul in the packed form of tuner-pack-bf16-dot, on a target with
/// `feature`; failure with `whyNot` otherwise.
FailureOr<SmallVector<int64_t>>
getPackedBF16DotExtents(const FusedGroup &group, sched::TargetAttr target,
                        StringRef feature, std::string &whyNot);
/// The divisors of `n` in [lo, hi].
SmallVector<int64_t> getDivisorsIn(int64_t n, int64_t lo, int64_t hi);
/// The largest value of `options` that is <= `bound` (the smallest option if
/// none is).
int64_t largestAtMost(ArrayRef<int64_t> options, int64_t bound);

/// Sets the option of knob `name` in `choice` to the one nearest `value`.
void setNearest(ArrayRef<Knob> knobs, KnobChoice &choice, StringRef name,
                int64_t value);
/// Sets a choice knob to the option named `value`.
void setChoice(ArrayRef<Knob> knobs, KnobChoice &choice, StringRef name,
               StringRef value);

/// The loops of a contraction a CPU sketch tiles: the innermost M, N and K
/// loops; all other parallel loops (batch, outer M/N) are tiled by 1 at the
/// outer level, all other reduction loops by 1 at the reduction level.
struct ContractionLoops {
  unsigned m = 0, n = 0, k = 0;
  SmallVector<int64_t> extents;
  SmallVector<unsigned> otherParallel;
  SmallVector<unsigned> otherReduction;
};

/// Classifies the loops of a contraction (linalg::inferContractionDims);
/// fails with a reason for ops that are not contractions.
FailureOr<ContractionLoops> analyzeContraction(linalg::LinalgOp op,
                                               std::string &whyNot);

/// The loops of an NHWC 2-D convolution (linalg.conv_2d_nhwc_hwcf, or
/// linalg.depthwise_conv_2d_nhwc_hwc without the input-channel loop), in
/// the named ops' order (n, oh, ow, c, kh, kw[, ic]).
struct ConvLoops {
  unsigned n = 0, oh = 1, ow = 2, c = 3, kh = 4, kw = 5;
  std::optional<unsigned> ic; // absent for depthwise
  SmallVector<int64_t> extents;
};

/// The loops of `group`'s anchor when it is one of those convolutions with
/// static tensor operands; fails with a reason otherwise.
FailureOr<ConvLoops> analyzeConvolution(const FusedGroup &group,
                                        std::string &whyNot);

/// Interchange that puts all parallel loops before all reduction loops.
SmallVector<int64_t> parallelFirstInterchange(linalg::LinalgOp op);

/// Interchange that puts all reduction loops before all parallel loops.
SmallVector<int64_t> reductionFirstInterchange(linalg::LinalgOp op);

/// Pads the register-tile op `reg` (a tile of `anchor`) on its input
/// `operand` (B, the one indexed by loops.n) with a copy (nofold) and
/// hoists that copy out of the `numLoops` loops around it: the block of B
/// those loops cover is copied once into n2-wide panels
/// ([ns/n2][k1/k2][k2][n2]) that the register tiles read contiguously;
/// boundary blocks are zero-filled. Returns the padded register-tile op.
Handle packContractionPanels(ScriptBuilder &b, linalg::LinalgOp anchor,
                             const ContractionLoops &loops, unsigned operand,
                             Handle reg, int64_t numLoops, Size n2, Size k2);

/// Whether `value` is a splat constant (every slice of it folds into a
/// smaller splat constant, so there is no slice to pack or hoist).
bool isSplatConstant(Value value);

/// The `pack` choice knob of a sketch that can copy an operand into panels:
/// `options` start with "none" (input `operand` of `anchor` read in place),
/// which is also what configs recorded before the knob existed read as; a
/// splat constant operand gets "none" only (its slices fold into constants).
Knob makePackKnob(linalg::LinalgOp anchor, unsigned operand,
                  ArrayRef<StringRef> options, StringRef doc);

/// The mechanism under packContractionPanels: pads `reg` (a tile of
/// `anchor`) along the iteration dimensions `padDims` with a copy of input
/// `operand` only, hoists that copy out of the `numLoops` loops around
/// `reg` and vectorizes it by `sliceSizes` (one register tile's slice of
/// the operand). Returns the padded op.
Handle packOperandPanels(ScriptBuilder &b, linalg::LinalgOp anchor,
                         unsigned operand, Handle reg,
                         ArrayRef<int64_t> padDims, int64_t numLoops,
                         ArrayRef<Size> sliceSizes);

/// The shared memory a block may use on CUDA chip `chip` (dynamic, opted
/// into): 227 KiB on sm_90 and sm_100, 163 KiB on sm_80 and sm_87, 99 KiB
/// on the other chips from sm_80 on; 0 before sm_80 (no cp.async).
int64_t getMaxDynamicSharedMemory(StringRef chip);

/// Whether the fill and the consumers of `group` are what the pipelined
/// matmul kernels (gpu.contraction_mma, gpu.contraction_simt) absorb after
/// bufferization (TensorCoreEpilogue.h): a linalg.fill as the producer,
/// consumers elementwise over the result with scalar bodies. A block-level
/// op the kernel cannot compute in registers would run whole in every
/// thread. Sets `whyNot` otherwise.
LogicalResult checkKernelEpilogueGroup(const FusedGroup &group,
                                       std::string &whyNot);

/// Vector lowering of contractions, realized as tune.alternatives.
extern const char *const kContractLowerings[];
extern const unsigned kNumContractLowerings;

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_SKETCH_SKETCHUTILS_H
