//===- CPUFallbackSketch.cpp - the cpu.fallback sketch --------------------===//
//
// A schedule any linalg op with static shapes accepts, so that every anchor
// op can be scheduled and measured: the outermost parallel loop of the
// group's root is tiled by `p1` into an scf.forall (one tile per thread),
// the rest of the group is fused into it, and the tiles are left as loops
// (scalar code after convert-linalg-to-loops, which LLVM may vectorize).
// An op without parallel loops gets no tiling at all and no knobs, as does
// one whose outer loop indexes an operand under mod or floordiv.
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

class FallbackInstance : public SketchInstanceBase {
public:
  FallbackInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                   const FusedGroup &group, std::optional<unsigned> outerLoop,
                   TargetAttr target)
      : SketchInstanceBase(sketch, std::move(knobs), group, target),
        outerLoop(outerLoop) {}

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    if (!outerLoop)
      return b.finish();
    Size p1 = b.knob(knobs.front());
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Size> sizes(anchor.getNumLoops(), Size::of(0));
    sizes[*outerLoop] = p1;
    tileAndFuseGroup(b, group, sizes);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    if (!outerLoop)
      return c;
    // The largest tile that still gives every thread a tile.
    int64_t extent = knobs.front().extent;
    int64_t tile = std::max<int64_t>(1, extent / target.getCores());
    int64_t best = knobs.front().getInt(0);
    for (unsigned i = 0, e = knobs.front().options.size(); i < e; ++i)
      if (knobs.front().getInt(i) <= tile)
        best = knobs.front().getInt(i);
    setNearest(knobs, c, "p1", best);
    return c;
  }

private:
  std::optional<unsigned> outerLoop;
};

/// The space of cpu.fallback for `group` on `target`.
std::unique_ptr<SketchInstance> instantiateCPUFallback(const Sketch &sketch,
                                                       const FusedGroup &group,
                                                       TargetAttr target,
                                                       std::string &whyNot) {
  linalg::LinalgOp anchor = group.anchor;
  // The outermost parallel loop that indexes the result (the one the
  // group's root is tiled along). A result written through a reduction
  // loop as well (a fused producer kept as a second result: (d1, d0) with
  // d1 the reduction) is tiled along the parallel loop after it.
  std::optional<unsigned> outer;
  AffineMap map = getIterationMap(anchor);
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      break;
    if (anchor.getIteratorTypesArray()[dim.getPosition()] !=
        utils::IteratorType::parallel)
      continue;
    if (isTileableLoop(group, dim.getPosition()))
      outer = dim.getPosition();
    break;
  }
  SmallVector<Knob> knobs;
  if (outer) {
    int64_t extent = anchor.getStaticLoopRanges()[*outer];
    knobs.push_back(makeIntKnob(anchor->getContext(), "p1", KnobKind::Tile,
                                getDivisors(extent),
                                "tile of the outermost parallel loop", extent));
  }
  return std::make_unique<FallbackInstance>(sketch, std::move(knobs), group,
                                            outer, target);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUFallbackSketch() {
  SketchInfo info{
      "cpu.fallback", TargetKind::cpu,
      "parallel tiling of the outermost parallel loop with the group "
      "fused in; the tiles stay loops (no vectorization)"};
  info.operands = OperandCheck::StaticTensorsOfAnyElement;
  info.fallback = true;
  return makeSketch(info, instantiateCPUFallback);
}
