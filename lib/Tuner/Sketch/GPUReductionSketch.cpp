//===- GPUReductionSketch.cpp - the gpu.reduction sketch ------------------===//
//
// Row reductions on a CUDA target (softmax's row maximum and sum of
// exponentials, a layer norm's mean and variance: a linalg.generic whose
// innermost loop is its only reduction loop), one or several warps per row:
//
//   S0  scf.forall over the rows in tiles of `rows` -> #gpu.block<x>, the
//       parallel loops before them by 1 -> #gpu.block<y, z>; the fill
//       fused
//   S1  (after bufferization, tuner-gpu-row-reduction) scf.forall over
//       rows x (32 warps) threads -> #gpu.thread<y, x>: lanes stride over
//       the row by `vector` elements, a partial each, gpu.shuffle xor
//       within a warp, shared memory across the warps of a row
//   S2  before S1, the fill over the rows -> #gpu.thread<y>
//   E   the elementwise consumers (a bias, an activation, a mean's division)
//       in a kernel of their own: scf.forall over the row results in tiles
//       of up to 256 -> #gpu.block<x> (the loops before them by 1 -> y, z),
//       one thread per result -> #gpu.thread<x>. Fused into the reduction's
//       blocks, the row results would be a per-block temporary, which
//       bufferization allocates inside the kernel (a device malloc); apart,
//       they are a buffer of the function and the reduction writes them
//       where its fill put the initial values.
//
// The block-level op is marked with the knobs; the kernel is built by
// rewriteRowReduction (Tuner/Dialect/Sched/TransformOps/RowReduction.h).
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"
#include "SketchUtils.h"

#include "Tuner/Dialect/Sched/TransformOps/RowReduction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// Threads per warp (NVIDIA).
constexpr int64_t kWarpSize = 32;

class GPUReductionInstance : public SketchInstanceBase {
public:
  GPUReductionInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                       const FusedGroup &group, TargetAttr target)
      : SketchInstanceBase(sketch, std::move(knobs), group, target) {
    extents = linalg::LinalgOp(group.anchor).getStaticLoopRanges();
  }

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t threads = v.getInt("rows") * v.getInt("warps") * kWarpSize;
    return checkThreadsPerBlock(target, threads, whyNot);
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    unsigned rowLoop = numLoops - 2;
    Size rows = b.knob(getKnob("rows"));
    SmallVector<Attribute> blocks = getBlockMapping(ctx, numLoops);
    SmallVector<Size> tiles(numLoops, Size::of(1));
    tiles[rowLoop] = rows;
    tiles[numLoops - 1] = Size::of(0);
    // S0: the reduction and its fill on blocks; the consumers apart (E).
    SmallVector<Handle> consumers;
    TiledGroup reduction =
        tileAndFuseApartFromConsumers(b, group, tiles, blocks, consumers);
    b.annotate(reduction.anchor, kRowReductionWarpsAttrName,
               b.knob(getKnob("warps")));
    b.annotate(reduction.anchor, kRowReductionVectorAttrName,
               b.knob(getKnob("vector")));
    // S2: the fill, one thread per row.
    SmallVector<Size> numThreads(numLoops, Size::of(0));
    SmallVector<Attribute> threads(numLoops);
    numThreads[rowLoop] = rows;
    threads[rowLoop] = threadDim(ctx, gpu::MappingId::DimY);
    distributeElementwise(b, reduction, anchor, numThreads, threads,
                          /*vectorize=*/false);
    if (!consumers.empty())
      buildConsumerKernel(b, std::move(consumers), anchor, blocks);
    return b.finish();
  }

  /// Rows of at least kPreferredRow elements: a warp per row beats a
  /// thread per row there; for a contraction (a matrix-vector product with
  /// B as [N, K]), only with fewer than kMaxMatvecRows rows of A, which
  /// gpu.contraction would give a tile of mostly idle rows. On an H100
  /// (default schedules, whole programs; bench/results/gpu/compare-*.txt):
  /// rows of 128 to 288 gained (an encoder layer 576 -> 379 us, a batched
  /// broadcast matmul 82 -> 49 us), rows of 7 to 64 did not (one more
  /// launch for the fused consumers, 32 lanes for a few elements); a
  /// 4 x 2048 x 512 linear layer with bias took 27.5 us against 127 us
  /// under gpu.contraction, a 2 x 4096 x 1000 one 33 against 170.
  bool isPreferred() const override {
    if (extents.back() < kPreferredRow || !readsRowsContiguously())
      return false;
    if (!linalg::isaContractionOpInterface(group.anchor))
      return true;
    int64_t rowsOfA = 1;
    for (int64_t extent : ArrayRef(extents).drop_back(2))
      rowsOfA *= extent;
    return rowsOfA < kMaxMatvecRows;
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t k = extents.back();
    // Warps: at least 8 elements per lane (rows of 128: 1 warp, of 768: 2).
    int64_t warps = 1;
    for (int64_t w : getIntOptions("warps"))
      if (k >= w * kWarpSize * 8)
        warps = std::max(warps, w);
    setNearest(knobs, c, "warps", warps);
    // The widest vector every lane gets at least one of.
    int64_t vector = 1;
    for (int64_t v : getIntOptions("vector"))
      if (k >= warps * kWarpSize * v)
        vector = std::max(vector, v);
    setNearest(knobs, c, "vector", vector);
    // Up to 256 threads per block, while the blocks still cover the SMs.
    int64_t blocksPerRowTile = 1;
    for (unsigned i = 0; i + 1 < extents.size() - 1; ++i)
      blocksPerRowTile *= extents[i];
    int64_t rowExtent = extents[extents.size() - 2], rows = 1;
    for (int64_t r : getIntOptions("rows"))
      if (r * warps * kWarpSize <= 256 &&
          blocksPerRowTile * (rowExtent / r) >= target.getSms())
        rows = std::max(rows, r);
    setNearest(knobs, c, "rows", rows);
    return c;
  }

private:
  /// Whether every input that the reduction loop indexes has it as its
  /// innermost dimension, so that a warp's lanes read consecutive elements.
  /// A column reduction (a channels-last pooling's sum over the pixels)
  /// would have each lane read a different cache line; gpu.fallback's
  /// thread per result reads such an input along its rows instead.
  bool readsRowsContiguously() const {
    linalg::LinalgOp anchor = group.anchor;
    unsigned reductionLoop = anchor.getNumLoops() - 1;
    for (OpOperand *input : anchor.getDpsInputOperands()) {
      AffineMap map = anchor.getMatchingIndexingMap(input);
      if (map.isFunctionOfDim(reductionLoop) &&
          !map.getResults().back().isFunctionOfDim(reductionLoop))
        return false;
    }
    return true;
  }

  /// The block mapping per anchor loop: the row loop -> x, the parallel
  /// loops before it -> y, z; none for the reduction loop.
  static SmallVector<Attribute> getBlockMapping(MLIRContext *ctx,
                                                unsigned numLoops) {
    static const gpu::MappingId kDims[] = {
        gpu::MappingId::DimX, gpu::MappingId::DimY, gpu::MappingId::DimZ};
    SmallVector<Attribute> blocks(numLoops);
    unsigned rowLoop = numLoops - 2;
    for (unsigned i = 0; i <= rowLoop; ++i)
      blocks[rowLoop - i] = blockDim(ctx, kDims[i]);
    return blocks;
  }

  /// The shortest row gpu.reduction is the default for.
  static constexpr int64_t kPreferredRow = 128;
  /// Contractions with at least this many rows of A (the parallel loops
  /// before the row loop) keep the contraction sketches' default.
  static constexpr int64_t kMaxMatvecRows = 8;

  SmallVector<int64_t> extents;
};

/// The space of gpu.reduction for `group` on `target`.
std::unique_ptr<SketchInstance> instantiateGPUReduction(const Sketch &sketch,
                                                        const FusedGroup &group,
                                                        TargetAttr target,
                                                        std::string &whyNot) {
  linalg::LinalgOp anchor = group.anchor;
  if (failed(checkRowReduction(anchor, whyNot)))
    return nullptr;
  SmallVector<int64_t> extents = anchor.getStaticLoopRanges();
  unsigned numLoops = extents.size();
  // Grids have at most 65535 blocks along y and z.
  for (unsigned i = 0; i + 2 < numLoops; ++i)
    if (extents[i] > 65535) {
      whyNot = "an outer parallel loop exceeds the grid's 65535 blocks";
      return nullptr;
    }
  int64_t k = extents.back();
  MLIRContext *ctx = anchor->getContext();
  SmallVector<int64_t> warps = {1};
  for (int64_t w : {2, 4, 8})
    if (w * kWarpSize <= k)
      warps.push_back(w);
  // Vectors of up to 16 bytes of the widest element, dividing the row.
  int64_t maxVector = std::max<int64_t>(1, 128 / getWidestElementBits(anchor));
  SmallVector<int64_t> vectors;
  for (int64_t v : {1, 2, 4})
    if (v <= maxVector && k % v == 0)
      vectors.push_back(v);
  SmallVector<Knob> knobs;
  knobs.push_back(makeIntKnob(
      ctx, "rows", KnobKind::Tile, getDivisorsIn(extents[numLoops - 2], 1, 32),
      "S0: rows per block (divides the innermost parallel loop)",
      extents[numLoops - 2]));
  knobs.push_back(
      makeIntKnob(ctx, "warps", KnobKind::Tile, warps, "S1: warps per row", k));
  knobs.push_back(makeIntKnob(ctx, "vector", KnobKind::Tile, vectors,
                              "S1: consecutive elements a lane reads per "
                              "step (divides the row)",
                              k));
  return std::make_unique<GPUReductionInstance>(sketch, std::move(knobs), group,
                                                target);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUReductionSketch() {
  SketchInfo info{
      "gpu.reduction", TargetKind::cuda,
      "rows of a reduction over the innermost loop on warps: lanes "
      "stride over the row, partials combined with warp shuffles and, "
      "across the warps of a row, shared memory"};
  info.rejectSubByte = true;
  return makeSketch(info, instantiateGPUReduction);
}
