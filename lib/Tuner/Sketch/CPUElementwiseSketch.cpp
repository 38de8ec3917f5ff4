//===- CPUElementwiseSketch.cpp - the cpu.elementwise sketch --------------===//
//
// The schedule of an op whose loops are all parallel (the elementwise and
// transpose classes: bias adds, activations, casts, broadcasts, fills,
// layout changes) standing alone in a program:
//
//   S0  scf.forall over one outer loop (tiles of `p`)   -> one tile per thread
//   S1  scf.for over blocks of `cb` of the input's next loop (a pack's
//       relayout only: more loops than the row and vector loops), the
//       result's next loop inside, around the block's iterations
//   S1  scf.for over cache tiles of (ch x cw)             (transposes only)
//   S2  scf.for over register tiles of (vh x vw), the other loops by 1
//   S3  the vh x vw tile, vectorized with masks: any extent works, partial
//       tiles read and write through masked transfers
//
// The vector loop `v` is the innermost loop of the result (contiguous
// stores). The row loop `r` is, for a transpose, the loop of the input's
// innermost dimension (so that both the loads and the stores of a vh x vw
// tile are contiguous, and the tile is transposed in registers), and the
// result's second innermost loop otherwise. Named ops (linalg.fill,
// linalg.transpose, linalg.add, ...) are generalized first.
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"
#include "SketchUtils.h"

#include "Tuner/Analysis/OpClass.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The loops an elementwise schedule tiles.
struct ElementwiseLoops {
  SmallVector<int64_t> extents;
  /// The loop split over threads, if any loop has more than one iteration.
  std::optional<unsigned> par;
  /// The row loop (absent for one loop).
  std::optional<unsigned> row;
  unsigned vec = 0;
  bool transposed = false;
  /// For a transpose with more loops than the row and vector loops (a
  /// pack's relayout, [K, N] -> [N/16, K/2, 16, 2]): the loop of the
  /// input's next dimension outward, tiled in blocks of `cb`, and the
  /// result's next loop outward, which then runs outside the block's
  /// iterations (absent when they are the same loop).
  std::optional<unsigned> block, across;
};

/// The innermost result of `map` that is a loop with several iterations
/// other than `skip`.
static std::optional<unsigned> getInnermostOtherLoop(AffineMap map,
                                                     ArrayRef<int64_t> extents,
                                                     ArrayRef<unsigned> skip) {
  for (AffineExpr e : llvm::reverse(map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim)
      return std::nullopt;
    unsigned l = dim.getPosition();
    if (!llvm::is_contained(skip, l) && extents[l] > 1)
      return l;
  }
  return std::nullopt;
}

/// Finds the loops of an all-parallel op; fails for an op that is not, or
/// whose result is not written through a permutation.
FailureOr<ElementwiseLoops> analyzeElementwise(linalg::LinalgOp op,
                                               std::string &whyNot) {
  if (failed(checkParallelPermutation(op, whyNot)))
    return failure();
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  ElementwiseLoops loops;
  loops.extents = op.getStaticLoopRanges();
  SmallVector<unsigned> order; // loops in result order, outermost first
  for (AffineExpr e : out.getResults())
    order.push_back(cast<AffineDimExpr>(e).getPosition());
  loops.vec = order.back();
  if (std::optional<unsigned> t = getTransposedInputLoop(op)) {
    loops.row = *t;
    loops.transposed = true;
    SmallVector<unsigned> skip = {loops.vec, *t};
    std::optional<unsigned> across =
        getInnermostOtherLoop(out, loops.extents, skip);
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(input);
      if (!map.isProjectedPermutation() || map.getNumResults() == 0 ||
          map.getResults().back() != getAffineDimExpr(*t, op.getContext()))
        continue;
      std::optional<unsigned> block =
          getInnermostOtherLoop(map, loops.extents, skip);
      if (block && across && *block != *across) {
        loops.block = block;
        loops.across = across;
      }
      break;
    }
  } else if (order.size() >= 2) {
    loops.row = order[order.size() - 2];
  }
  // The outermost loop with several iterations; one with at least as many
  // as... any: the schedule splits it in tiles of `p`.
  for (unsigned l : order) {
    if (loops.extents[l] > 1) {
      loops.par = l;
      break;
    }
  }
  return loops;
}

class ElementwiseInstance : public SketchInstanceBase {
public:
  ElementwiseInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                      const FusedGroup &group, ElementwiseLoops loops,
                      TargetAttr target, int64_t lanes)
      : SketchInstanceBase(sketch, std::move(knobs), group, target),
        loops(std::move(loops)), lanes(lanes) {}

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t vh = v.has("vh") ? v.getInt("vh") : 1;
    if (vh * llvm::divideCeil(v.getInt("vw"), lanes) > kMaxVectors) {
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
    Handle op = b.getAnchor();
    if (!isa<linalg::GenericOp>(anchor.getOperation()))
      op = b.generalize(op);

    Handle forall;
    if (loops.par) {
      SmallVector<Size> outer(numLoops, Size::of(0));
      outer[*loops.par] = b.knob(getKnob("p"));
      std::tie(op, forall) = b.tileUsingForall(op, outer);
    }
    // A pack's relayout: blocks of `cb` iterations of the input's next loop
    // outward, the result's next loop outward around each block's, so that
    // a block reads `cb` register tiles' rows of the input at a time (its
    // result rows are written `cb` apart). Every loop but the row and vector
    // loops goes by one below.
    SmallVector<int64_t> interchange;
    if (loops.block) {
      SmallVector<Size> blocks(numLoops, Size::of(0));
      blocks[*loops.block] = b.knob(getKnob("cb"));
      op = b.tileUsingFor(op, blocks).first;
      interchange = llvm::to_vector(llvm::seq<int64_t>(0, numLoops));
      llvm::erase(interchange, static_cast<int64_t>(*loops.across));
      interchange.insert(llvm::find(interchange, *loops.block), *loops.across);
    }
    SmallVector<Size> ones(numLoops, Size::of(1));
    ones[loops.vec] = Size::of(0);
    if (loops.row)
      ones[*loops.row] = Size::of(0);
    if (llvm::any_of(ones, [](const Size &s) { return !s.isZero(); }))
      op = b.tileUsingFor(op, ones, interchange).first;
    Size vw = b.knob(getKnob("vw"));
    Size vh = loops.row ? b.knob(getKnob("vh")) : Size::of(1);
    if (loops.transposed) {
      SmallVector<Size> cache(numLoops, Size::of(0));
      cache[*loops.row] = b.knob(getKnob("ch"));
      cache[loops.vec] = b.knob(getKnob("cw"));
      op = b.tileUsingFor(op, cache).first;
    }
    SmallVector<Size> reg(numLoops, Size::of(0));
    reg[loops.vec] = vw;
    if (loops.row)
      reg[*loops.row] = vh;
    op = b.tileUsingFor(op, reg).first;
    SmallVector<Size> vectorSizes(numLoops, Size::of(1));
    vectorSizes[loops.vec] = vw;
    if (loops.row)
      vectorSizes[*loops.row] = vh;
    b.vectorize(op, /*namedContraction=*/false, vectorSizes);
    Handle scope = loops.par ? forall : b.getScope();
    b.applyPatterns(scope,
                    {"vector.lower_masked_transfers",
                     "tensor.fold_tensor_subset_ops_into_vector_transfers",
                     "vector.transfer_permutation_patterns",
                     PatternSpec("vector.lower_transpose", "shuffle_1d"),
                     "canonicalization"});
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t p = 0;
    if (loops.par) {
      // One tile per thread.
      int64_t extent = loops.extents[*loops.par];
      p = llvm::divideCeil(extent, std::min(extent, target.getCores()));
      setNearest(knobs, c, "p", p);
      p = getIntOptions("p")[c[getKnobIndex("p")]];
    }
    int64_t vw = largestAtMost(getIntOptions("vw"), 2 * lanes);
    setNearest(knobs, c, "vw", vw);
    if (loops.transposed) {
      setNearest(knobs, c, "ch", 32);
      setNearest(knobs, c, "cw", 64);
    }
    if (loops.row)
      setNearest(knobs, c, "vh", getDefaultRows(p, c));
    if (loops.block)
      setNearest(knobs, c, "cb", getDefaultBlock(c));
    return c;
  }

  /// The default register tile rows: one for elementwise ops; for a
  /// transpose up to 8 (a vector's lanes at most), the largest that divides
  /// the rows a thread's cache tile gets, so that no register tile is
  /// partial along the transposed dimension (a 24-channel NHWC -> NCHW
  /// transpose split 12 channels per thread took 120 us with 8-row tiles,
  /// 6 us with 4-row tiles on a Zen 5, before tuner-guard-masked-rows kept
  /// the masked stores of the missing rows from running; a partial tile
  /// still computes its missing rows).
  int64_t getDefaultRows(int64_t p, const KnobChoice &c) const {
    if (!loops.transposed)
      return 1;
    int64_t rows = loops.extents[*loops.row];
    if (loops.par == loops.row)
      rows = std::min(rows, p);
    rows = std::min(rows, getIntOptions("ch")[c[getKnobIndex("ch")]]);
    // Narrow columns (a pack's pairs of bf16) take more rows, up to one
    // vector register.
    int64_t vw = getIntOptions("vw")[c[getKnobIndex("vw")]];
    int64_t cap = std::min<int64_t>(lanes, std::max<int64_t>(8, lanes / vw));
    for (int64_t vh = cap; vh > 1; vh /= 2)
      if (rows % vh == 0)
        return vh;
    return cap;
  }

  /// The default block of a pack's relayout: register tiles whose input
  /// rows make 128 bytes (two cache lines) together.
  int64_t getDefaultBlock(const KnobChoice &c) const {
    int64_t rows = loops.extents[*loops.row];
    int64_t vh = getIntOptions("vh")[c[getKnobIndex("vh")]];
    int64_t bytes = std::max<int64_t>(
        1, std::min(rows, vh) * getWidestElementBits(group.anchor) / 8);
    return std::max<int64_t>(1, 128 / bytes);
  }

private:
  static constexpr int64_t kMaxVectors = 16;
  ElementwiseLoops loops;
  int64_t lanes;
};

/// Tile sizes that split `extent` into k = 1, 2, 3, 4, 6, 8, ... tiles.
SmallVector<int64_t> getSplitSizes(int64_t extent) {
  SmallVector<int64_t> sizes;
  for (int64_t k : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 128, 256})
    if (k <= extent)
      sizes.push_back(llvm::divideCeil(extent, k));
  return sizes;
}

/// Register-tile widths along a loop of `extent`: vectors of 1, 2 or 4
/// registers (one register, or the next power of two, when shorter).
SmallVector<int64_t> getVectorWidths(int64_t extent, int64_t lanes) {
  SmallVector<int64_t> widths;
  for (int64_t n : {1, 2, 4})
    if (n == 1 ||
        n * lanes <= static_cast<int64_t>(llvm::alignTo(extent, lanes)))
      widths.push_back(n * lanes);
  if (extent < lanes)
    return {static_cast<int64_t>(llvm::PowerOf2Ceil(extent))};
  return widths;
}

/// Values of `options` at most `extent`, and `extent` itself when smaller
/// than the largest option.
SmallVector<int64_t> capAt(ArrayRef<int64_t> options, int64_t extent) {
  SmallVector<int64_t> result;
  for (int64_t o : options)
    if (o <= extent)
      result.push_back(o);
  if (result.empty() || (extent < options.back() && result.back() != extent))
    result.push_back(extent);
  return result;
}

/// The space of cpu.elementwise for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateCPUElementwise(const Sketch &sketch, const FusedGroup &group,
                          TargetAttr target, std::string &whyNot) {
  linalg::LinalgOp op = group.anchor;
  FailureOr<ElementwiseLoops> loops = analyzeElementwise(op, whyNot);
  if (failed(loops))
    return nullptr;
  if (!isVectorizable(op, whyNot))
    return nullptr;
  int64_t lanes = target.getVectorLanes(getWidestElementBits(op));
  MLIRContext *ctx = op->getContext();
  SmallVector<Knob> knobs;
  if (loops->par) {
    int64_t extent = loops->extents[*loops->par];
    knobs.push_back(makeIntKnob(ctx, "p", KnobKind::Tile, getSplitSizes(extent),
                                "S0: iterations of the parallel loop per "
                                "thread tile",
                                extent));
  }
  int64_t ev = loops->extents[loops->vec];
  if (loops->transposed) {
    int64_t er = loops->extents[*loops->row];
    knobs.push_back(makeIntKnob(ctx, "ch", KnobKind::Tile,
                                capAt({8, 16, 32, 64, 128}, er),
                                "S1: rows per cache tile", er));
    knobs.push_back(makeIntKnob(ctx, "cw", KnobKind::Tile,
                                capAt({16, 32, 64, 128, 256}, ev),
                                "S1: columns per cache tile", ev));
  }
  if (loops->block) {
    int64_t eb = loops->extents[*loops->block];
    knobs.push_back(makeIntKnob(ctx, "cb", KnobKind::Tile,
                                capAt({1, 2, 4, 8, 16}, eb),
                                "S1: iterations of the input's next loop "
                                "outward per block",
                                eb));
    // Added after configs were recorded: those without it had no blocks.
    knobs.back().absentOption = 0;
  }
  knobs.push_back(makeIntKnob(ctx, "vw", KnobKind::Tile,
                              getVectorWidths(ev, lanes),
                              "S3: register tile columns (vector lanes)", ev));
  if (loops->row) {
    int64_t er = loops->extents[*loops->row];
    knobs.push_back(makeIntKnob(ctx, "vh", KnobKind::Tile,
                                capAt({1, 2, 4, 8, 16}, er),
                                "S3: register tile rows", er));
  }
  return std::make_unique<ElementwiseInstance>(
      sketch, std::move(knobs), group, std::move(*loops), target, lanes);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUElementwiseSketch() {
  SketchInfo info{
      "cpu.elementwise", TargetKind::cpu,
      "parallel tiling of an all-parallel op (elementwise, broadcast, "
      "fill, transpose) over threads, 2-D register tiles along the "
      "result's innermost loop and the row loop, masked vectorization; "
      "transposes also get a cache tile"};
  info.operands = OperandCheck::StaticTensorsOfAnyElement;
  return makeSketch(info, instantiateCPUElementwise);
}
