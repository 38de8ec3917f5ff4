//===- GPUFallbackSketch.cpp - the gpu.fallback sketch --------------------===//
//
// A GPU schedule any linalg op with static shapes accepts (reductions such
// as the row maximum and sum of a softmax, ops no other GPU sketch matches),
// so that every anchor op of a model runs on the device:
//
//   S0  scf.forall over the two innermost of the result's leading loops in
//       (b0, b1) tiles -> #gpu.block<y, x>  (one loop: #gpu.block<x>), the
//       loop before them (a batch) by 1 -> #gpu.block<z>
//   S1  scf.forall over the tile, one thread per (row, column) of it
//       -> #gpu.thread<y, x>
//
// Each thread runs the rest of the op (outer loops left, reductions) as
// scalar loops. Tiles need not divide their loops: besides the divisors,
// powers of two are offered, and the last block of a loop is partial (the
// threads past its end get empty slices), so that prime extents (a 257 x
// 383 x 509 matmul) get full blocks instead of one thread per block. The
// fill and the elementwise consumers are fused into the block tiles and
// distributed over the same threads. Like cpu.fallback
// it joins a search space only when no other sketch of the target applies.
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"
#include "SketchUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// Block tiles of a loop of `extent`: its divisors up to 1024 and the powers
/// of two below it (a partial last block), ascending.
static SmallVector<int64_t> getTileOptions(int64_t extent) {
  SmallVector<int64_t> options = getDivisorsIn(extent, 1, 1024);
  for (int64_t p = 2; p < std::min<int64_t>(extent, 1024); p *= 2)
    options.push_back(p);
  llvm::sort(options);
  options.erase(llvm::unique(options), options.end());
  return options;
}

class GPUFallbackInstance : public SketchInstanceBase {
public:
  GPUFallbackInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                      const FusedGroup &group, SmallVector<unsigned> outer,
                      std::optional<unsigned> batch,
                      SmallVector<int64_t> extents, TargetAttr target)
      : SketchInstanceBase(sketch, std::move(knobs), group, target),
        outer(std::move(outer)), batch(batch), extents(std::move(extents)) {}

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t threads = 1;
    for (const Knob &knob : knobs)
      threads *= v.getInt(knob.name);
    if (knobs.size() == 2 &&
        llvm::divideCeil(extents[0], v.getInt(knobs[0].name)) > kMaxBlocksY) {
      whyNot = "more than 65535 blocks along y";
      return failure();
    }
    return checkThreadsPerBlock(target, threads, whyNot);
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    if (outer.empty())
      return b.finish();
    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    static const gpu::MappingId kDims[] = {gpu::MappingId::DimY,
                                           gpu::MappingId::DimX};
    SmallVector<Attribute> blocks(numLoops), threads(numLoops);
    SmallVector<Size> tiles(numLoops, Size::of(0));
    // With one loop it maps to x; with two, the outer one to y.
    unsigned first = outer.size() == 1 ? 1 : 0;
    for (auto [i, loop] : llvm::enumerate(outer)) {
      blocks[loop] = blockDim(ctx, kDims[first + i]);
      threads[loop] = threadDim(ctx, kDims[first + i]);
      tiles[loop] = b.knob(knobs[i]);
    }
    if (batch) {
      blocks[*batch] = blockDim(ctx, gpu::MappingId::DimZ);
      tiles[*batch] = Size::of(1);
    }
    TiledGroup tiled = tileAndFuseGroup(b, group, tiles, blocks);
    if (batch)
      tiles[*batch] = Size::of(0);
    // One thread per element of the tile along the mapped loops.
    b.tileUsingForall(tiled.anchor, tiles, getMapping(tiles, threads),
                      /*numThreads=*/true);
    distributeElementwise(b, tiled, anchor, tiles, threads,
                          /*vectorize=*/false);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // 256 threads: the inner loop's tile first, the outer one with what is
    // left. A tile's worth is its threads times the share of them a partial
    // last block leaves busy (ties: the larger tile). The outer loop of two
    // (on y) needs a tile that leaves at most 65535 blocks (a 128256-row
    // vocabulary): the smallest such tile's threads are set aside first.
    int64_t total = getThreadBudget();
    int64_t minOuter =
        knobs.size() == 2 ? llvm::divideCeil(extents[0], kMaxBlocksY) : 1;
    int64_t reserved = 1;
    if (minOuter > 1)
      reserved = getSmallestOptionAtLeast(knobs[0].name, minOuter);
    int64_t budget = std::max<int64_t>(1, total / reserved);
    for (unsigned i = knobs.size(); i-- > 0;) {
      bool outerY = knobs.size() == 2 && i == 0;
      int64_t extent = extents[i], best = outerY ? reserved : 1;
      double bestWorth = 0;
      for (int64_t tile : getIntOptions(knobs[i].name)) {
        if (tile > std::max(budget, best))
          break;
        if (outerY && tile < minOuter)
          continue;
        double worth = double(std::min(tile, extent)) * extent /
                       double(llvm::divideCeil(extent, tile) * tile);
        if (worth >= bestWorth) {
          bestWorth = worth;
          best = tile;
        }
      }
      setNearest(knobs, c, knobs[i].name, best);
      budget = std::max<int64_t>(1, total / best);
    }
    return c;
  }

private:
  /// Blocks a grid has at most along y.
  static constexpr int64_t kMaxBlocksY = 65535;

  /// The smallest option of knob `name` at least `bound` (the largest
  /// option when none is).
  int64_t getSmallestOptionAtLeast(StringRef name, int64_t bound) const {
    SmallVector<int64_t> options = getIntOptions(name);
    for (int64_t option : options)
      if (option >= bound)
        return option;
    return options.empty() ? bound : options.back();
  }

  /// Threads per block: 256, fewer (down to a warp) where each thread runs
  /// a long reduction and 256-thread blocks would leave SMs idle (a
  /// matrix-vector product of 2048 outputs: 8 blocks of 256 on 132 SMs, or
  /// 64 blocks of 32).
  int64_t getThreadBudget() const {
    constexpr int64_t kLongReduction = 64;
    int64_t outputs = 1, reduction = 1;
    for (int64_t e : extents)
      outputs *= e;
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<int64_t> ranges = anchor.getStaticLoopRanges();
    for (auto [range, type] : llvm::zip(ranges, anchor.getIteratorTypesArray()))
      if (type == utils::IteratorType::reduction)
        reduction *= range;
    int64_t budget = 256;
    if (reduction < kLongReduction)
      return budget;
    while (budget > 32 && static_cast<int64_t>(llvm::divideCeil(
                              outputs, budget)) < target.getSms())
      budget /= 2;
    return budget;
  }

  /// The result loops mapped to blocks and threads, outermost first.
  SmallVector<unsigned> outer;
  /// The loop tiled by 1 onto block z, if any.
  std::optional<unsigned> batch;
  /// The extents of the `outer` loops.
  SmallVector<int64_t> extents;
};

/// The space of gpu.fallback for `group` on `target`.
std::unique_ptr<SketchInstance> instantiateGPUFallback(const Sketch &sketch,
                                                       const FusedGroup &group,
                                                       TargetAttr target,
                                                       std::string &whyNot) {
  linalg::LinalgOp anchor = group.anchor;
  // The leading loops indexing the result, less those that index an
  // operand under mod or floordiv: the innermost two of them (threads along
  // y and x), the one before on block z.
  SmallVector<unsigned> outer;
  AffineMap map = getIterationMap(anchor);
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      break;
    if (!isTileableLoop(group, dim.getPosition()))
      continue;
    outer.push_back(dim.getPosition());
  }
  SmallVector<int64_t> extents = anchor.getStaticLoopRanges();
  std::optional<unsigned> batch;
  if (outer.size() > 2) {
    unsigned z = outer[outer.size() - 3];
    // A grid has at most 65535 blocks along z.
    if (extents[z] <= 65535)
      batch = z;
    outer.erase(outer.begin(), outer.end() - 2);
  }
  SmallVector<Knob> knobs;
  SmallVector<int64_t> outerExtents;
  static const char *const kNames[] = {"b0", "b1"};
  for (auto [i, loop] : llvm::enumerate(outer)) {
    outerExtents.push_back(extents[loop]);
    knobs.push_back(makeIntKnob(anchor->getContext(), kNames[i], KnobKind::Tile,
                                getTileOptions(extents[loop]),
                                i == 0 && outer.size() == 2
                                    ? "S0: block tile of the outer loop "
                                      "(threads along y)"
                                    : "S0: block tile of the inner loop "
                                      "(threads along x)",
                                extents[loop]));
  }
  return std::make_unique<GPUFallbackInstance>(sketch, std::move(knobs), group,
                                               std::move(outer), batch,
                                               std::move(outerExtents), target);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUFallbackSketch() {
  SketchInfo info{
      "gpu.fallback", TargetKind::cuda,
      "the two outermost result loops tiled onto GPU blocks, one thread "
      "per element of a tile, the rest of the op as scalar loops per "
      "thread"};
  info.operands = OperandCheck::StaticTensorsOfAnyElement;
  info.fallback = true;
  return makeSketch(info, instantiateGPUFallback);
}
