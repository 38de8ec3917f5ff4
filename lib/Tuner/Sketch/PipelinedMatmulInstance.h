//===- PipelinedMatmulInstance.h - pipelined GPU matmul spaces --*- C++ -*-===//
//
// Internal to lib/Tuner/Sketch. What gpu.contraction_mma,
// gpu.contraction_simt and gpu.contraction_wgmma share: a linalg.matmul
// with the default maps (loops m, n, k; for the first two also a
// linalg.batch_matmul, one batch per block along z, its block's matmul
// made 2-D) in block tiles `bm` x `bn` on GPU blocks, a K step `bk`,
// `stages` K tiles in flight in shared memory, and a 2-D shape of the
// block's workers (warps or threads, "AxB"), all marked on the tiled
// matmul for the kernel built after bufferization; the order of the blocks
// (`raster`: groups of block rows, sched.rasterize_blocks); K in slices
// (`split_k`). The sketches differ in the kernel's constraints and costs
// (getCost) and in their defaults.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_SKETCH_PIPELINEDMATMULINSTANCE_H
#define TUNER_LIB_TUNER_SKETCH_PIPELINEDMATMULINSTANCE_H

#include "SketchBase.h"

#include "Tuner/Tuner/Sketch/ScriptBuilder.h"

namespace mlir::tuner::detail {

/// The attributes the script sets on the tiled matmul for the kernel.
struct PipelineMarks {
  StringRef tileK, stages, shapeM, shapeN;
};

/// What a point costs a block, for verify().
struct PipelineCost {
  int64_t threads = 0;
  int64_t sharedBytes = 0;
  /// Registers per thread.
  int64_t registers = 0;
};

/// The knobs of a pipelined matmul: what varies between the sketches.
struct PipelineKnobs {
  /// bm and bn: multiples of `blockStep` dividing M and N, up to 256; bk:
  /// multiples of `kStep` dividing K, up to `kMax`.
  int64_t blockStep = 8, kStep = 8, kMax = 64;
  /// The shape knob: its name, its options ("AxB") and what it is.
  StringRef shapeName;
  SmallVector<std::string> shapes;
  StringRef shapeDoc;
  SmallVector<int64_t> stages;
  /// Whether a config without `stages` means its first option.
  bool stagesAbsentFirst = false;
  /// Whether the kernel takes its K range in slices (the `split_k` knob).
  bool splitK = false;
};

/// The options of the `raster` knob: block rows per group of the order in
/// which blocks take tiles (rasterizeBlocks; 1 is the launch order).
inline constexpr int64_t kRasterGroups[] = {1, 2, 4, 8, 16};

/// The options of the `split_k` knob: slices of K computed by blocks of
/// their own, their partial products summed by a second kernel (1: none).
inline constexpr int64_t kSplitKFactors[] = {1, 2, 4, 8, 16};

/// The knobs bm, bn, bk, the shape knob, stages, raster and (where
/// `spec.splitK`) split_k of `matmul` (loop extents m, n, k).
SmallVector<Knob> makePipelineKnobs(MLIRContext *ctx, int64_t m, int64_t n,
                                    int64_t k, const PipelineKnobs &spec);

/// The loop extents (batch, m, n, k) of `group`'s anchor, a linalg.matmul
/// (batch 1) or linalg.batch_matmul with the default indexing maps on
/// static tensors; failure, with the reason in `whyNot`, for another op.
FailureOr<std::tuple<int64_t, int64_t, int64_t, int64_t>>
getPipelinedMatmulExtents(const FusedGroup &group, std::string &whyNot);

class PipelinedMatmulInstance : public SketchInstanceBase {
public:
  PipelinedMatmulInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                          const FusedGroup &group, sched::TargetAttr target,
                          StringRef shapeKnob, PipelineMarks marks);

  /// The kernel's constraints (getCost), then the block's threads, shared
  /// memory and registers against the target's.
  LogicalResult verify(const KnobValues &v, std::string &whyNot) const override;
  /// The sketch's getBlockDefault with the default block order: groups of
  /// 8 block rows (as Triton's matmuls) where the grid has at least 16
  /// block rows and more blocks than SMs, else the launch order; and the
  /// default slices of K (setDefaultSplitK).
  KnobChoice getHeuristicDefault() const final;
  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override;

protected:
  /// Checks the kernel's constraints on the point `v` and says what it
  /// costs a block.
  virtual LogicalResult getCost(const KnobValues &v, PipelineCost &cost,
                                std::string &whyNot) const = 0;
  /// The default of every knob but `raster`.
  virtual KnobChoice getBlockDefault() const = 0;
  /// The shape knob's value in `v`: (rows, columns).
  std::pair<int64_t, int64_t> getShape(const KnobValues &v) const;
  /// The slices K is cut into at `v` (1 without the split_k knob).
  int64_t getSplitK(const KnobValues &v) const;
  /// The K range of one block's matmul at `v`: K / split_k.
  int64_t getBlockK(const KnobValues &v) const { return k / getSplitK(v); }
  /// The blocks of the grid at `v`: batch x block tiles x slices of K.
  int64_t getBlocks(const KnobValues &v) const;
  /// `point` with the fewest slices of K (each at least `minDepth` deep)
  /// that give the grid `wanted` blocks, or the most valid ones short of
  /// that; nullopt where no slicing is valid.
  std::optional<KnobChoice>
  splitToReach(const KnobChoice &point, int64_t wanted, int64_t minDepth) const;
  /// Sets the `raster` knob of `c` to the default for its block tile (see
  /// getHeuristicDefault).
  void setDefaultRaster(KnobChoice &c) const;
  /// Sets the `split_k` knob of `c` (where there is one) to the default for
  /// its block tile: the fewest slices that give the grid a block per
  /// quarter of the SMs' worth, each slice at least 512 deep (a grid that
  /// fills a quarter of the SMs or more keeps K whole).
  void setDefaultSplitK(KnobChoice &c) const;
  /// `points`, each followed (where its grid has fewer blocks than SMs) by
  /// the same point with K cut into the fewest slices that give every SM
  /// a block, or the most that stay valid: what split-K is for, measured
  /// beside the point itself.
  SmallVector<KnobChoice> withSplitVariants(ArrayRef<KnobChoice> points) const;
  /// The point with these knob values, the default block order and K
  /// whole (withSplitVariants adds slices), nullopt where one is not an
  /// option.
  std::optional<KnobChoice> getPoint(int64_t bm, int64_t bn, int64_t bk,
                                     StringRef shape, int64_t stages) const;

  /// The block tiles of the matmul marked for the kernel (S0, R0, S1).
  void buildBlocks(ScriptBuilder &b, Size bm, Size bn, Size bk,
                   Size stages) const;
  /// split_k > 1: the partial products of `splitK` slices of K in block
  /// tiles (split, bm, bn) -> #gpu.block<z, y, x>, each a matmul marked for
  /// the kernel; their sum, the fill of the result and the consumers in a
  /// kernel of their own.
  void buildSplitBlocks(ScriptBuilder &b, int64_t splitK, Size bm, Size bn,
                        Size bk, Size stages) const;
  /// The shape knob's marks on `matmul`.
  void annotateShape(ScriptBuilder &b, Handle matmul) const;

  /// The loop extents; `batch` is a batch matmul's batch (1 for a matmul),
  /// one per block along z.
  int64_t em = 0, en = 0, k = 0, batch = 1;
  bool batched = false;
  StringRef shapeKnob;
  PipelineMarks marks;
};

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_SKETCH_PIPELINEDMATMULINSTANCE_H
