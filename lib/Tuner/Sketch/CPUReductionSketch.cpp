//===- CPUReductionSketch.cpp - the cpu.reduction sketch ------------------===//
//
// The schedule of an op with reduction loops whose maps are projected
// permutations and which no contraction sketch takes: row maxima and sums
// (softmax), means and variances (layer and RMS norms), matrix-vector
// products, reductions over outer dimensions.
//
// The vector loop `v` is the innermost loop of the first input (its
// contiguous dimension):
//
//   inner reduction (v reduces):      outer reduction (v is parallel):
//   S0  scf.forall over the outer parallel loop (tiles of `p`, a divisor)
//   S1  scf.for over the other parallel loops by 1, `rows` of the output's
//       innermost parallel loop        v by `vw`
//   R0  scf.for over the reduction loops by 1,
//       v by `vk`                      the innermost reduction by `rk`
//   S2  the register tile, vectorized: a vector.multi_reduction over the
//       reduced dimension, masked where `vk` or `vw` does not divide; the
//       output slice is hoisted out of the R0 loops (accumulator in
//       registers); an inner reduction ends in one horizontal reduction per
//       row and step, an outer one in elementwise combines.
//
// The fill producing the accumulator and the elementwise consumers are fused
// into the S0 tiles and vectorized by row.
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"
#include "SketchUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The loops a reduction schedule tiles.
struct ReductionLoops {
  SmallVector<int64_t> extents;
  /// The parallel loop split over threads, if one has several iterations.
  std::optional<unsigned> par;
  /// The vector loop: the innermost loop of the first input.
  unsigned vec = 0;
  /// Whether `vec` is a reduction loop.
  bool inner = false;
  /// The second loop of the register tile: the output's innermost parallel
  /// loop (inner reduction) or the innermost other reduction loop (outer).
  std::optional<unsigned> second;
};

FailureOr<ReductionLoops> analyzeReduction(linalg::LinalgOp op,
                                           std::string &whyNot) {
  if (op.getNumReductionLoops() == 0 || op.getNumDpsInputs() == 0) {
    whyNot = "not a reduction";
    return failure();
  }
  for (AffineMap map : op.getIndexingMapsArray()) {
    if (!map.isProjectedPermutation()) {
      whyNot = "an indexing map is not a projected permutation";
      return failure();
    }
  }
  ReductionLoops loops;
  loops.extents = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto isReduction = [&](unsigned l) {
    return iterators[l] == utils::IteratorType::reduction;
  };
  // The vector loop: the innermost dimension of the largest input.
  OpOperand *largest = op.getDpsInputOperand(0);
  int64_t largestRank = -1;
  for (OpOperand *input : op.getDpsInputOperands()) {
    int64_t rank = op.getMatchingIndexingMap(input).getNumResults();
    if (rank > largestRank) {
      largest = input;
      largestRank = rank;
    }
  }
  AffineMap inMap = op.getMatchingIndexingMap(largest);
  if (inMap.getNumResults() == 0) {
    whyNot = "the inputs are scalars";
    return failure();
  }
  loops.vec = cast<AffineDimExpr>(inMap.getResults().back()).getPosition();
  loops.inner = isReduction(loops.vec);

  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<unsigned> outLoops;
  for (AffineExpr e : outMap.getResults())
    outLoops.push_back(cast<AffineDimExpr>(e).getPosition());
  for (unsigned l : outLoops) {
    if (loops.extents[l] > 1 && l != loops.vec) {
      loops.par = l;
      break;
    }
  }
  // A matrix-vector product's only parallel loop is the vector loop: the
  // threads split it too.
  if (!loops.par && !loops.inner && loops.extents[loops.vec] > 1)
    loops.par = loops.vec;
  if (loops.inner) {
    for (unsigned l : llvm::reverse(outLoops))
      if (l != loops.vec) {
        loops.second = l;
        break;
      }
  } else {
    for (unsigned l = op.getNumLoops(); l-- > 0;)
      if (isReduction(l)) {
        loops.second = l;
        break;
      }
  }
  return loops;
}

/// Whether `op`'s payload reads the index of one of its reduction loops.
bool readsReductionIndex(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  return llvm::any_of(
      op.getBlock()->getOps<linalg::IndexOp>(), [&](linalg::IndexOp index) {
        return index.getDim() < iterators.size() &&
               iterators[index.getDim()] == utils::IteratorType::reduction;
      });
}

class ReductionInstance : public SketchInstanceBase {
public:
  ReductionInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                    const FusedGroup &group, ReductionLoops loops,
                    TargetAttr target, int64_t lanes)
      : SketchInstanceBase(sketch, std::move(knobs), group, target),
        loops(std::move(loops)), lanes(lanes) {}

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t second = v.has("r2") ? v.getInt("r2") : 1;
    if (loops.par && loops.second && *loops.par == *loops.second &&
        v.getInt("p") % second) {
      whyNot = "the register rows must divide the thread tile";
      return failure();
    }
    if (second * llvm::divideCeil(v.getInt("v"), lanes) > kMaxVectors) {
      whyNot = "the register tile needs more than " +
               std::to_string(kMaxVectors) + " vector registers";
      return failure();
    }
    return success();
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    Size second = loops.second ? b.knob(getKnob("r2")) : Size::of(1);

    // S0: threads over `par`, the group fused in.
    SmallVector<Size> outer(numLoops, Size::of(0));
    if (loops.par)
      outer[*loops.par] = b.knob(getKnob("p"));
    bool haveForall = loops.par.has_value();
    TiledGroup tiled = haveForall ? tileAndFuseGroup(b, group, outer)
                                  : getGroupHandles(b, group);
    Handle scope = haveForall ? tiled.forall : b.getScope();
    if (loops.inner)
      emitInnerReduction(b, tiled, scope, second);
    else
      emitOuterReduction(b, tiled, scope, second);
    // An outer reduction's multi_reduction reduces the r2 rows of its tile,
    // which are the vector's inner dimension ([v, r2] in loop order): lowered
    // as an inner reduction it became one scalar add per lane (a 1 x 2048 x
    // 1000 matrix-vector product ran 128 vmulss + 128 vaddss per step).
    b.applyPatterns(
        scope, {"vector.lower_masks",
                PatternSpec("vector.lower_multi_reduction",
                            loops.inner ? "innerreduction" : "innerparallel"),
                "canonicalization"});
    return b.finish();
  }

  /// Tiles the parallel loops and the other reduction loops to the register
  /// tile (`sizes`, parallel loops first); returns the tile and its
  /// reduction loops, innermost first.
  std::pair<Handle, SmallVector<Handle>>
  tileToRegisters(ScriptBuilder &b, Handle op, ArrayRef<Size> sizes) const {
    linalg::LinalgOp anchor = group.anchor;
    auto [tile, regLoops] =
        b.tileUsingFor(op, sizes, parallelFirstInterchange(anchor));
    unsigned numReduction = 0;
    for (auto [l, size] : llvm::enumerate(sizes))
      if (!size.isZero() &&
          anchor.getIteratorTypesArray()[l] == utils::IteratorType::reduction)
        ++numReduction;
    return {tile, SmallVector<Handle>(regLoops.rbegin(),
                                      regLoops.rbegin() + numReduction)};
  }

  /// The elementwise members of the group, vectorized by rows of the result
  /// (`vectorLoopSize` along the vector loop when it is parallel).
  void vectorizeMembers(ScriptBuilder &b, TiledGroup &tiled, Size second,
                        Size vectorLoopSize) const {
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Size> rows(anchor.getNumLoops(), Size::of(0));
    for (auto [l, it] : llvm::enumerate(anchor.getIteratorTypesArray()))
      if (it == utils::IteratorType::parallel)
        rows[l] = Size::of(1);
    if (!loops.inner)
      rows[loops.vec] = vectorLoopSize;
    else if (loops.second)
      rows[*loops.second] = second;
    vectorizeElementwise(b, tiled, group, rows, PartialTiles::Masked);
  }

  /// Inner reduction: the reduced loop is tiled by `v` with partial results
  /// accumulating elementwise in a `rows x v` tile (tile_reduction_using_for:
  /// no horizontal reduction in the loop), combined once after it. The tile
  /// size must be static: `v` is a tune.alternatives knob.
  void emitInnerReduction(ScriptBuilder &b, TiledGroup &tiled, Handle scope,
                          Size second) const {
    unsigned numLoops = linalg::LinalgOp(group.anchor).getNumLoops();
    vectorizeMembers(b, tiled, second, Size::of(0));
    SmallVector<Size> reg(numLoops, Size::of(1));
    reg[loops.vec] = Size::of(0);
    if (loops.second)
      reg[*loops.second] = second;
    std::pair<Handle, SmallVector<Handle>> tiles =
        tileToRegisters(b, tiled.anchor, reg);
    Handle tile = tiles.first;
    const Knob &v = getKnob("v");
    b.alternatives(v, [&](unsigned i) {
      SmallVector<int64_t> sizes(numLoops, 0);
      sizes[loops.vec] = v.getInt(i);
      ScriptBuilder::ReductionTiling r = b.tileReductionUsingFor(tile, sizes);
      SmallVector<Size> vectorSizes(reg);
      vectorSizes[loops.vec] = Size::of(v.getInt(i));
      b.vectorize(r.split, /*namedContraction=*/false, vectorSizes);
      b.vectorize(r.fill);
      b.vectorize(r.combine);
      b.applyPatterns(scope,
                      {"vector.lower_masked_transfers",
                       "tensor.fold_tensor_subset_ops_into_vector_transfers"});
      b.applyLICM(r.loop);
      b.hoistLoopInvariantSubsets(r.loop);
    });
    for (Handle loop : tiles.second) {
      b.applyLICM(loop);
      b.hoistLoopInvariantSubsets(loop);
    }
  }

  /// Outer reduction: the register tile spans `v` columns of the parallel
  /// vector loop and `r2` rows of the innermost reduced loop; its
  /// multi_reduction over the rows is elementwise; the accumulator is
  /// hoisted out of the reduction loops.
  void emitOuterReduction(ScriptBuilder &b, TiledGroup &tiled, Handle scope,
                          Size second) const {
    unsigned numLoops = linalg::LinalgOp(group.anchor).getNumLoops();
    Size vSize = b.knob(getKnob("v"));
    SmallVector<Size> reg(numLoops, Size::of(1));
    reg[loops.vec] = vSize;
    if (loops.second)
      reg[*loops.second] = second;
    auto [tile, reductionLoops] = tileToRegisters(b, tiled.anchor, reg);
    vectorizeMembers(b, tiled, second, vSize);
    // Reduction loops first: the tile vectorizes as [r2, v], rows of the
    // input read whole and reduced elementwise (in loop order, [v, r2]
    // reads columns, one element per lane).
    SmallVector<int64_t> order = reductionFirstInterchange(group.anchor);
    SmallVector<Size> vectorSizes;
    for (int64_t l : order)
      vectorSizes.push_back(reg[l]);
    tile = b.interchange(b.generalize(tile), order);
    b.vectorize(tile, /*namedContraction=*/false, vectorSizes);
    b.applyPatterns(scope,
                    {"vector.lower_masked_transfers",
                     "tensor.fold_tensor_subset_ops_into_vector_transfers"});
    for (Handle loop : reductionLoops) {
      b.applyLICM(loop);
      b.hoistLoopInvariantSubsets(loop);
    }
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t cores = target.getCores();
    int64_t second = 1;
    if (loops.second) {
      // Inner reductions: 4 rows share the loop overhead. Outer ones (a
      // matrix-vector product): 4 reduced rows of 4 vectors per step (1 x
      // 2048 x 1000 on one Zen 5 core: 73 us, against 88 for 1 row of 8
      // vectors and 106 for the old default of 1 x 8 vectors in 4 tiles).
      second = largestAtMost(getIntOptions("r2"), 4);
      setNearest(knobs, c, "r2", second);
    }
    setNearest(knobs, c, "v",
               largestAtMost(getIntOptions("v"),
                             (loops.inner ? 2 : loops.second ? 4 : 8) *
                                 lanes));
    if (loops.par) {
      // The largest divisor that still gives every thread a few tiles (and
      // that the register rows divide when they tile the same loop); one
      // tile per thread where the threads split the vector loop (a
      // matrix-vector product: long rows of the matrix stream better).
      int64_t extent = loops.extents[*loops.par];
      int64_t step =
          loops.second && *loops.second == *loops.par ? second : 1;
      int64_t perThread = *loops.par == loops.vec ? 1 : 4;
      int64_t tiles = std::min(extent / step, perThread * cores);
      int64_t best = 0;
      for (int64_t d : getIntOptions("p"))
        if (d % step == 0 && extent / d >= tiles)
          best = std::max(best, d);
      setNearest(knobs, c, "p", best ? best : step);
    }
    return c;
  }

private:
  static constexpr int64_t kMaxVectors = 16;
  ReductionLoops loops;
  int64_t lanes;
};

/// The space of cpu.reduction for `group` on `target`.
std::unique_ptr<SketchInstance> instantiateCPUReduction(const Sketch &sketch,
                                                        const FusedGroup &group,
                                                        TargetAttr target,
                                                        std::string &whyNot) {
  linalg::LinalgOp op = group.anchor;
  FailureOr<ReductionLoops> loops = analyzeReduction(op, whyNot);
  if (failed(loops))
    return nullptr;
  if (op->getNumResults() != 1) {
    whyNot = "the op has several results";
    return nullptr;
  }
  // tile_reduction_using_for gives the split op the tile's own index
  // space: a payload reading the index of the reduced loop would see it
  // restart at every tile of `v` (a sum of x * i computed garbage).
  if (loops->inner && readsReductionIndex(op)) {
    whyNot = "the payload reads the index of a reduction loop "
             "(linalg.index), which splitting the reduction does not keep";
    return nullptr;
  }
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (succeeded(dims) && !dims->m.empty() && !dims->n.empty()) {
      whyNot = "a contraction with M, N and K loops (the contraction "
               "sketches take it)";
      return nullptr;
    }
  }
  if (!isVectorizable(op, whyNot))
    return nullptr;
  int64_t lanes = target.getVectorLanes(getWidestElementBits(op));
  MLIRContext *ctx = op->getContext();
  SmallVector<Knob> knobs;
  if (loops->par) {
    int64_t extent = loops->extents[*loops->par];
    knobs.push_back(makeIntKnob(ctx, "p", KnobKind::Tile, getDivisors(extent),
                                "S0: iterations of the outer parallel loop "
                                "per thread tile",
                                extent));
  }
  int64_t ev = loops->extents[loops->vec];
  SmallVector<int64_t> widths;
  for (int64_t n : {1, 2, 4, 8})
    if (n == 1 || uint64_t(n * lanes) <= llvm::alignTo(ev, lanes))
      widths.push_back(n * lanes);
  if (ev < lanes)
    widths = {static_cast<int64_t>(llvm::PowerOf2Ceil(ev))};
  knobs.push_back(makeIntKnob(ctx, "v", KnobKind::Tile, widths,
                              "S2: register tile along the input's "
                              "contiguous loop (vector lanes)",
                              ev));
  // An inner reduction's tile size is static (tile_reduction_using_for).
  knobs.back().isAlternatives = loops->inner;
  if (loops->second) {
    int64_t extent = loops->extents[*loops->second];
    knobs.push_back(
        makeIntKnob(ctx, "r2", KnobKind::Tile, getDivisorsIn(extent, 1, 8),
                    loops->inner ? "S2: output rows per register tile"
                                 : "R0: reduced rows per register step",
                    extent));
  }
  return std::make_unique<ReductionInstance>(sketch, std::move(knobs), group,
                                             std::move(*loops), target, lanes);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUReductionSketch() {
  SketchInfo info{
      "cpu.reduction", TargetKind::cpu,
      "reductions over projected-permutation maps (sums, maxima, "
      "norms, matrix-vector products): threads over an outer parallel "
      "loop, a register tile along the input's contiguous loop and one "
      "more loop, masked vectorization to vector.multi_reduction with "
      "the accumulator hoisted"};
  info.operands = OperandCheck::StaticTensorsOfAnyElement;
  return makeSketch(info, instantiateCPUReduction);
}
