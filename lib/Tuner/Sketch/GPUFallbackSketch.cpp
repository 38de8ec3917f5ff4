//===- GPUFallbackSketch.cpp - the gpu.fallback sketch --------------------===//
//
// A GPU schedule any linalg op with static shapes accepts (reductions such
// as the row maximum and sum of a softmax, ops no other GPU sketch matches),
// so that every anchor op of a model runs on the device:
//
//   S0  scf.forall over the two outermost result loops in (b0, b1) tiles
//       -> #gpu.block<y, x>   (one loop: #gpu.block<x>)
//   S1  scf.forall over the tile, one thread per (row, column) of it
//       -> #gpu.thread<y, x>
//
// Each thread runs the rest of the op (inner parallel loops, reductions)
// as scalar loops. The fill and the elementwise consumers are fused into
// the block tiles and distributed over the same threads. Like cpu.fallback
// it joins a search space only when no other sketch of the target applies.
//
//===----------------------------------------------------------------------===//

#include "SketchUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class GPUFallbackInstance : public SketchInstance {
public:
  GPUFallbackInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                      const FusedGroup &group, SmallVector<unsigned> outer,
                      TargetAttr target)
      : SketchInstance(sketch, std::move(knobs)), group(group),
        outer(std::move(outer)), target(target) {}

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t threads = 1;
    for (const Knob &knob : knobs)
      threads *= v.getInt(knob.name);
    if (threads > std::min<int64_t>(1024, target.getMaxThreadsPerBlock())) {
      whyNot = std::to_string(threads) + " threads per block are too many";
      return failure();
    }
    return success();
  }

  std::string buildScript(StringRef symName) const override {
    ScriptBuilder b(symName);
    if (outer.empty())
      return b.finish();
    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    static const char *const kBlocks[] = {"#gpu.block<y>", "#gpu.block<x>"};
    static const char *const kThreads[] = {"#gpu.thread<y>", "#gpu.thread<x>"};
    SmallVector<std::string> blocks(numLoops), threads(numLoops);
    SmallVector<Size> tiles(numLoops, Size::of(0));
    // With one loop it maps to x; with two, the outer one to y.
    unsigned first = outer.size() == 1 ? 1 : 0;
    for (auto [i, loop] : llvm::enumerate(outer)) {
      blocks[loop] = kBlocks[first + i];
      threads[loop] = kThreads[first + i];
      tiles[loop] = b.knob(knobs[i]);
    }
    TiledGroup tiled = tileAndFuseGroup(b, group, tiles, blocks);
    // One thread per element of the tile along the mapped loops.
    b.tileUsingForall(tiled.anchor, tiles, getMappingText(tiles, threads),
                      /*numThreads=*/true);
    distributeElementwise(b, tiled, anchor, tiles, threads,
                          /*vectorize=*/false);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // 256 threads: the inner loop's tile first, the outer one with what is
    // left.
    int64_t budget = 256;
    for (unsigned i = knobs.size(); i-- > 0;) {
      int64_t tile = largestAtMost(getIntOptions(knobs[i].name), budget);
      setNearest(knobs, c, knobs[i].name, tile);
      budget = std::max<int64_t>(1, budget / tile);
    }
    return c;
  }

private:
  FusedGroup group;
  /// The result loops mapped to blocks and threads, outermost first.
  SmallVector<unsigned> outer;
  TargetAttr target;
};

class GPUFallbackSketch : public Sketch {
public:
  StringRef getName() const override { return "gpu.fallback"; }
  bool isFallback() const override { return true; }
  StringRef getDescription() const override {
    return "the two outermost result loops tiled onto GPU blocks, one thread "
           "per element of a tile, the rest of the op as scalar loops per "
           "thread";
  }
  TargetKind getTargetKind() const override { return TargetKind::cuda; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    if (!hasStaticTensorOperands(group, /*anyElementType=*/true)) {
      whyNot = "needs static tensor operands";
      return nullptr;
    }
    linalg::LinalgOp anchor = group.anchor;
    // The outermost (up to two) parallel loops indexing the result.
    SmallVector<unsigned> outer;
    AffineMap map = anchor.getIndexingMapMatchingResult(anchor->getResult(0));
    for (AffineExpr expr : map.getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || outer.size() == 2)
        break;
      outer.push_back(dim.getPosition());
    }
    SmallVector<int64_t> extents = anchor.getStaticLoopRanges();
    SmallVector<Knob> knobs;
    static const char *const kNames[] = {"b0", "b1"};
    for (auto [i, loop] : llvm::enumerate(outer))
      knobs.push_back(makeIntKnob(
          anchor->getContext(), kNames[i], KnobKind::Tile,
          getDivisorsIn(extents[loop], 1, 1024),
          i == 0 && outer.size() == 2 ? "S0: block tile of the outer loop "
                                        "(threads along y)"
                                      : "S0: block tile of the inner loop "
                                        "(threads along x)",
          extents[loop]));
    return std::make_unique<GPUFallbackInstance>(*this, std::move(knobs), group,
                                                 std::move(outer), target);
  }
};

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUFallbackSketch() {
  return std::make_unique<GPUFallbackSketch>();
}
