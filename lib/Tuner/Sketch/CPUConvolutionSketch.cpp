//===- CPUConvolutionSketch.cpp - the cpu.conv2d sketch -------------------===//
//
// Multi-level tiling of a 2-D convolution in NHWC layout
// (linalg.conv_2d_nhwc_hwcf, and linalg.depthwise_conv_2d_nhwc_hwc which has
// no input-channel loop), strided or dilated:
//
//   S0  scf.forall over (OH/h1, OW/w1, C/c1) tiles, batch by 1
//   R0  scf.for over IC/ic1 input-channel blocks          (conv only)
//   S2  scf.for over output rows (1) and (w1/w2, c1/c2) register tiles; a w2
//       that does not divide the output width leaves a partial tile of
//       columns, peeled off
//   R1  scf.for over KH, KW/kw2, ic1/ic2                 (accumulator kept)
//   S3  a 1 x w2 x c2 output tile: the 2-D convolution with one filter row is
//       decomposed into a 1-D convolution and vectorized (FMAs over w2
//       columns of c2 channels)
//
// The fill and the elementwise consumers are fused into the S0 tiles and
// vectorized by register tile; the accumulator is hoisted out of the R1
// loops, innermost first; the innermost R1 loop is unrolled.
//
//===----------------------------------------------------------------------===//

#include "ConvolutionProblem.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class ConvolutionInstance : public ProblemInstance<ConvolutionProblem> {
public:
  using ProblemInstance::ProblemInstance;

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    // A w2 that divides OW divides w1; the others leave a partial tile.
    int64_t w1 = v.getInt("w1"), w2 = v.getInt("w2");
    bool dividesWidth = loops.extents[loops.ow] % w2 == 0;
    if ((dividesWidth && w1 % w2) || w2 > w1 ||
        v.getInt("c1") % v.getInt("c2")) {
      whyNot = "w2 must be at most w1 and divide it where it divides the "
               "output width, and c2 must divide c1";
      return failure();
    }
    if (loops.ic && (v.getInt("ic1") % v.getInt("ic2") ||
                     (v.getInt("ic1") / v.getInt("ic2")) % v.getInt("unroll"))) {
      whyNot = "ic2 must divide ic1, and unroll the trip count ic1/ic2";
      return failure();
    }
    if (v.has("pack") && v.getString("pack") == "filter" && !dividesWidth &&
        hasStridedSliceInput()) {
      whyNot = "a packed filter with a partial tile of columns needs inputs "
               "that are not strided slices (upstream's strided-metadata "
               "expansion fails on the merged slices)";
      return failure();
    }
    int64_t accumulators =
        v.getInt("w2") * llvm::divideCeil(v.getInt("c2"), lanes);
    if (accumulators > maxAccumulators) {
      whyNot = "register tile needs " + std::to_string(accumulators) +
               " vector registers for the accumulator";
      return failure();
    }
    return success();
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    auto knob = [&](StringRef name) { return b.knob(getKnob(name)); };
    Size h1 = knob("h1"), w1 = knob("w1"), c1 = knob("c1"), c2 = knob("c2"),
         kw2 = knob("kw2");
    Size ic1, ic2;
    if (loops.ic) {
      ic1 = knob("ic1");
      ic2 = knob("ic2");
    }
    TiledGroup tiled =
        tileAndFuseGroup(b, group, getOutputTile(Size::of(1), h1, w1, c1));

    Handle op = tiled.anchor;
    if (loops.ic) {
      linalg::LinalgOp anchor = group.anchor;
      SmallVector<Size> r0(anchor.getNumLoops(), Size::of(0));
      r0[*loops.ic] = ic1;
      op = b.tileUsingFor(op, r0).first;
    }
    // Register tiles: one region per column count, a literal there. Counts
    // that divide OW tile the parallel and reduction loops in one step;
    // the others (no divisor of OW fills the registers, e.g. 14 columns
    // with 16 registers) tile the columns, peel the partial tile, then tile
    // the reduction loops of both tiles. (Two-step tiling would change the
    // code of dividing tiles too; one step keeps it as it was.)
    const Knob &w2Knob = getKnob("w2");
    b.alternatives(w2Knob, [&](unsigned i) {
      int64_t w2 = w2Knob.getInt(i);
      bool peel = loops.extents[loops.ow] % w2 != 0;
      RegisterTileSizes sizes{Size::of(w2), c2, kw2, ic2};
      if (!findKnobIndex("pack")) {
        scheduleRegisterTiles(b, tiled, op, sizes, peel, /*pack=*/false);
        return;
      }
      const Knob &pack = getKnob("pack");
      b.alternatives(pack, [&](unsigned j) {
        scheduleRegisterTiles(b, tiled, op, sizes, peel,
                              cast<StringAttr>(pack.options[j]) == "filter");
      });
    });
    return b.finish();
  }

  /// Tile sizes over the anchor's loops: `n`, `oh`, `ow` and `c` on the
  /// output's loops, the others not tiled.
  SmallVector<Size> getOutputTile(Size n, Size oh, Size ow, Size c) const {
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Size> sizes(anchor.getNumLoops(), Size::of(0));
    sizes[loops.n] = n;
    sizes[loops.oh] = oh;
    sizes[loops.ow] = ow;
    sizes[loops.c] = c;
    return sizes;
  }

  /// The register tile: output columns and channels, and the filter
  /// columns and input channels of one step.
  struct RegisterTileSizes {
    Size w2, c2, kw2, ic2;
  };

  /// S2, R1 and S3 of the parallel tile's convolution `op`: register tiles
  /// of w2 columns x c2 channels, the accumulator kept across the reduction
  /// loops, the innermost of which is unrolled. With `pack`, the filter
  /// block of the input-channel block (KH x KW x ic1 x c1) is first copied
  /// into c2-wide panels ([c1/c2][KH][KW][ic1][c2]) that the register tiles
  /// read contiguously, instead of c2 channels out of every filter row of
  /// C channels (rows 1 KiB apart at 256 channels fall into a few L1 sets).
  void scheduleRegisterTiles(ScriptBuilder &b, TiledGroup tiled, Handle op,
                             RegisterTileSizes sizes, bool peel,
                             bool pack) const {
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Size> inner =
        getOutputTile(Size::of(0), Size::of(1), sizes.w2, sizes.c2);
    SmallVector<Size> reg(anchor.getNumLoops(), Size::of(0));
    reg[loops.kh] = Size::of(1);
    reg[loops.kw] = sizes.kw2;
    if (loops.ic)
      reg[*loops.ic] = sizes.ic2;
    Handle tile;
    // Reduction loops, innermost first: (ic), kw, kh.
    SmallVector<Handle> reductionLoops;
    if (peel) {
      auto [parallelTile, parallelLoops] = b.tileUsingFor(op, inner);
      // Loops oh, ow, c: the partial tile of columns peeled off.
      parallelTile =
          b.merge(parallelTile, peelPartialTiles(b, {parallelLoops[1]}));
      auto [regTile, regLoops] = b.tileEachUsingFor(parallelTile, reg);
      tile = regTile;
      reductionLoops.assign(regLoops.rbegin(), regLoops.rend());
    } else {
      for (unsigned d : {loops.oh, loops.ow, loops.c})
        reg[d] = inner[d];
      auto [regTile, regLoops] =
          b.tileUsingFor(op, reg, parallelFirstInterchange(anchor));
      tile = regTile;
      reductionLoops.assign(regLoops.rbegin(),
                            regLoops.rbegin() + (loops.ic ? 3 : 2));
    }
    if (pack)
      tile = packFilterPanels(b, tiled, tile, sizes, 3 + reductionLoops.size(),
                              /*twoStep=*/peel);
    vectorizeElementwise(b, tiled, group, inner,
                         peel ? PartialTiles::Peeled : PartialTiles::None);
    Handle conv1d = b.decompose(tile);
    // Decomposition writes the output through rank-reducing slices, which
    // vector transfers cannot fold through: hoist the output tile out of the
    // reduction loops while it is still a tensor slice, then vectorize and
    // hoist the vector accumulator.
    for (Handle loop : reductionLoops)
      b.hoistLoopInvariantSubsets(loop);
    b.vectorize(conv1d);

    b.applyPatterns(tiled.forall,
                    {"tensor.fold_tensor_subset_ops_into_vector_transfers",
                     "tensor.merge_consecutive_insert_extract_slice"});
    for (Handle loop : reductionLoops) {
      b.applyLICM(loop);
      b.hoistLoopInvariantSubsets(loop);
    }
    b.applyPatterns(tiled.forall,
                    {PatternSpec("vector.lower_contraction", "outerproduct"),
                     "vector.lower_outerproduct"});
    if (loops.ic) {
      const Knob &unroll = getKnob("unroll");
      b.alternatives(unroll, [&](unsigned i) {
        if (unroll.getInt(i) > 1)
          b.unrollLoop(reductionLoops.front(), unroll.getInt(i));
      });
    }
  }

  /// Pads the register tiles `tile` on the filter with a copy hoisted out
  /// of the `numLoops` loops around them (output rows, columns, channels
  /// and the reduction loops); returns the padded tiles.
  Handle packFilterPanels(ScriptBuilder &b, TiledGroup tiled, Handle tile,
                          const RegisterTileSizes &sizes, int64_t numLoops,
                          bool twoStep) const {
    // Tiled in two steps, the register tile's slice of the filter is a
    // slice of the parallel tile's: merged, it reads the filter block,
    // which hoisting needs.
    if (twoStep)
      b.applyPatterns(tiled.forall,
                      {"tensor.merge_consecutive_insert_extract_slice"});
    // One step's slice of the filter (KH x KW x IC x C): 1 x kw2 x ic2 x c2.
    SmallVector<Size> slice = {Size::of(1), sizes.kw2, sizes.ic2, sizes.c2};
    Handle padded = packOperandPanels(b, group.anchor, /*operand=*/1, tile,
                                      {loops.kh, loops.kw, *loops.ic, loops.c},
                                      numLoops, slice);
    // Padding left a whole-tile slice of the accumulator after the tile,
    // which would keep it from being hoisted out of the reduction loops:
    // folded away by the pattern driver's folding (canonicalization would
    // also fold single-iteration loops the script holds; merging slices
    // would compose the input's with a strided slice it may come from).
    b.applyPatterns(tiled.forall, {"tensor.fold_tensor_empty"});
    return padded;
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t ow = loops.extents[loops.ow], ch = loops.extents[loops.c];
    RegisterTile tile = getDefaultRegisterTile();
    int64_t c2 = tile.c2, w2 = tile.w2;
    int64_t c1 = c2;
    for (int64_t d : getDivisors(ch))
      if (d % c2 == 0 && d <= 64)
        c1 = std::max(c1, d);
    setNearest(knobs, c, "h1", 1);
    setNearest(knobs, c, "w1", ow);
    setNearest(knobs, c, "c1", c1);
    setNearest(knobs, c, "w2", w2);
    setNearest(knobs, c, "c2", c2);
    setNearest(knobs, c, "kw2", 1);
    if (loops.ic) {
      // Regular convolutions (not depthwise, whose filter is small: there
      // these ran slower, 52 -> 37 GFLOP/s on MobileNetV2's 3x3):
      // parallel tiles of as many output rows as still give every core a
      // tile, so that the filter block stays in cache across the rows (a
      // 3x3, 256 -> 256 conv on 14x14 re-read it per row with one row per
      // tile); a filter row at a time (up to 3 taps), whose input columns
      // overlap.
      int64_t oh = loops.extents[loops.oh], h1 = 1;
      for (int64_t d : getDivisors(oh))
        if ((oh / d) * (ch / c1) >= target.getCores())
          h1 = std::max(h1, d);
      setNearest(knobs, c, "h1", h1);
      int64_t kw = loops.extents[loops.kw];
      setNearest(knobs, c, "kw2", tile.kw2);
      // Input-channel blocks whose filter block (kh x kw x ic1 x c1) fits
      // in three quarters of L1: it is reused by every register tile of the
      // parallel tile (the conv above: ic1 = 256, filter block in L2, 104
      // GFLOP/s; ic1 = 16, in L1, 189).
      int64_t l1 = getL1Bytes(target);
      int64_t bytes = std::max<int64_t>(1, getWidestElementBits(group.anchor) / 8);
      int64_t perChannel = loops.extents[loops.kh] * kw * c1 * bytes;
      SmallVector<int64_t> ic1Options = getIntOptions("ic1");
      int64_t ic1 = ic1Options.front();
      for (int64_t option : ic1Options)
        if (option * perChannel <= l1 * 3 / 4)
          ic1 = std::max(ic1, option);
      setNearest(knobs, c, "ic1", ic1);
      setNearest(knobs, c, "ic2", 1);
      setNearest(knobs, c, "unroll", 1);
      if (shouldPackFilter(tile, h1))
        setPackedFilterDefaults(c, tile, perChannel / c1);
    }
    return c;
  }

private:
  /// The default register tile (c2 channels x w2 output columns). Every
  /// accumulator, the filter vectors of a step (one per vector of c2) and
  /// the broadcast input must fit in the vector registers (AVX2 has no
  /// embedded broadcast), and at least kMinAccumulators independent FMA
  /// chains hide the FMA latency. Two vectors of channels first (up to 8
  /// columns); one vector and up to all the accumulators where two vectors
  /// leave too few columns. On one core of this Xeon, for an AVX2 target
  /// (16 registers): ResNet-50's 3x3 256 -> 256 conv at 14x14 took 2.2-2.7
  /// ms with 2 vectors x 7 columns (17 registers: spills), 1.7-1.8 ms with
  /// 1 x 14; MobileNetV2's 3x3 depthwise at 56x56 0.19 ms with 2 x 7, 0.08
  /// ms with 2 x 4. With 32 registers (AVX-512) the first choice holds
  /// unless the channels or columns are too few for 8 accumulators.
  ///
  /// A regular convolution takes all taps of a filter row per step (kw2,
  /// up to 3) when a divisor of OW leaves 8 accumulators beside their
  /// filter vectors; else the cheapest tile (getTileCost) of that and the
  /// column counts that need not divide OW (the last tile partial, peeled),
  /// with all taps or one. One Zen 3 core (16 registers),
  /// bench/ab_knobs.sh: the 3x3 conv above at 14 x 14 ran at 45 GFLOP/s in
  /// 1 x 14 with 3 taps, 52 in 2 x 4 with 3 (a partial tile of 2), 60 in
  /// 2 x 6 with 1, and 32 in 2 x 6 with 3 (18 registers); a 64 -> 64 one at
  /// 56 x 56 at 73 in 2 x 4 with 3 taps and 67 in 2 x 6 with 1. A depthwise
  /// convolution loads its input instead of broadcasting it: one tap,
  /// divisors only.
  struct RegisterTile {
    int64_t c2 = 0, w2 = 0, kw2 = 1;
  };
  RegisterTile getDefaultRegisterTile() const {
    constexpr int64_t kMinAccumulators = 8;
    int64_t registers = maxAccumulators + 2;
    SmallVector<int64_t> c2Options = getIntOptions("c2");
    SmallVector<int64_t> w2Options = getIntOptions("w2");
    int64_t ow = loops.extents[loops.ow], kw = loops.extents[loops.kw];
    SmallVector<int64_t> divisors = w2Options;
    llvm::erase_if(divisors, [&](int64_t w2) { return ow % w2; });
    // `taps` filter vectors per vector of channels beside the accumulators.
    auto pick = [&](ArrayRef<int64_t> widths, int64_t taps) {
      RegisterTile best;
      int64_t bestAccumulators = 0;
      for (auto [vectors, columnCap] :
           {std::pair<int64_t, int64_t>{2, 8}, {1, maxAccumulators}}) {
        int64_t c2 = largestAtMost(c2Options, vectors * lanes);
        int64_t perColumn = llvm::divideCeil(c2, lanes);
        int64_t fit = (registers - taps * perColumn - 1) / perColumn;
        int64_t w2 = largestAtMost(widths, std::min(columnCap, fit));
        int64_t accumulators = w2 * perColumn;
        if (accumulators > bestAccumulators) {
          best = {c2, w2, taps};
          bestAccumulators = accumulators;
        }
        if (accumulators >= kMinAccumulators)
          break;
      }
      return std::make_pair(best, bestAccumulators);
    };
    // Regular convolutions: all taps of a filter row per step (up to 3)
    // where a divisor of OW leaves enough accumulators beside their filter
    // vectors; else the cheapest of that, all taps with any column count,
    // and one tap with any column count.
    int64_t taps = loops.ic && kw <= 3 ? kw : 1;
    auto [best, accumulators] = pick(divisors, taps);
    if (loops.ic && accumulators < kMinAccumulators) {
      for (int64_t t : {taps, int64_t(1)}) {
        RegisterTile other = pick(w2Options, t).first;
        if (getTileCost(other, kMinAccumulators) <
            getTileCost(best, kMinAccumulators))
          best = other;
      }
    }
    return best;
  }

  /// Estimated cycles per useful multiply-add of `tile` over a row of OW
  /// output columns: a register tile of fewer than `minAccumulators` FMA
  /// chains (the partial tile too) waits on the FMA latency; more than 0.7
  /// loads (broadcasts and filter vectors) per FMA make it load-bound. One
  /// Zen 3 core (bench/ab_knobs.sh, 3x3 convs): at 14 columns 2 x 6 with one
  /// tap (cost 1.14) 53 GFLOP/s, 2 x 4 with three (1.22) 50, 1 x 14 (1.53)
  /// 45; at 7 columns, 512 -> 512, 2 x 4 with three taps (1.22) 49, 2 x 6
  /// (1.43) 44, 1 x 7 (1.86) 45.
  double getTileCost(const RegisterTile &tile, int64_t minAccumulators) const {
    int64_t ow = loops.extents[loops.ow];
    int64_t perColumn = llvm::divideCeil(tile.c2, lanes);
    int64_t full = ow / tile.w2, rest = ow % tile.w2;
    double cycles = full * std::max(tile.w2 * perColumn, minAccumulators);
    if (rest)
      cycles += std::max(rest * perColumn, minAccumulators);
    double loadsPerFMA =
        double(tile.w2 + perColumn) / double(tile.w2 * perColumn);
    double usefulVectors = double(ow) * tile.c2 / lanes;
    return cycles / usefulVectors * std::max(1.0, loadsPerFMA / 0.7);
  }

  /// Whether the default packs the filter: where the parallel tile's output
  /// pixels (h1 x OW) amortize the copies of the filter block (one per
  /// register tile of columns, two with a partial one) 16 times or more.
  /// One Zen 3 core, bench/ab_knobs.sh, 3x3 convs: 256 -> 256 at 14 x 14
  /// (2 x 6, 98 pixels a copy) 64 GFLOP/s unpacked, 79 packed (with the
  /// ic1 and unroll below); 64 -> 64 at 56 x 56 (h1 = 28) 70 and 72;
  /// 512 -> 512 at 7 x 7 (25 pixels a copy) 46 and 53 (30 while the copies
  /// of its three-tap panels were memrefCopy calls: tuner-strided-copies).
  bool shouldPackFilter(const RegisterTile &tile, int64_t h1) const {
    std::optional<unsigned> pack = findKnobIndex("pack");
    if (!pack || knobs[*pack].options.size() < 2)
      return false;
    int64_t ow = loops.extents[loops.ow];
    int64_t copies = ow % tile.w2 ? 2 : 1;
    if (copies == 2 && hasStridedSliceInput())
      return false;
    return h1 * ow >= 16 * copies;
  }

  /// Whether an input of the convolution is an extract_slice with strides
  /// other than 1 (a 3-D convolution's depth slices, every third). Packing
  /// with a partial tile merges the tiles' slices into their producers'; a
  /// strided one then becomes a rank-reducing strided subview of the
  /// function's argument, on which upstream's expand-strided-metadata runs
  /// out of memory (SubViewOp::getDroppedDims, MLIR 22).
  bool hasStridedSliceInput() const {
    linalg::LinalgOp anchor = group.anchor;
    return llvm::any_of(anchor.getDpsInputs(), [](Value input) {
      for (auto slice = input.getDefiningOp<tensor::ExtractSliceOp>(); slice;
           slice = slice.getSource().getDefiningOp<tensor::ExtractSliceOp>())
        if (!llvm::all_of(slice.getMixedStrides(), [](OpFoldResult stride) {
              return isConstantIntValue(stride, 1);
            }))
          return true;
      return false;
    });
  }

  /// The input-channel block and unrolling of a packed filter: a c2-wide
  /// panel of the block (KH x KW x ic1 x c2, `tapBytes` per input channel
  /// and output channel) in half of L1, the step loop unrolled by 4 (the
  /// conv above: ic1 = 8, unroll 1 unpacked, 52 GFLOP/s; ic1 = 16 or 32,
  /// unroll 4, packed, 66).
  void setPackedFilterDefaults(KnobChoice &c, const RegisterTile &tile,
                               int64_t tapBytes) const {
    int64_t l1 = getL1Bytes(target);
    SmallVector<int64_t> ic1Options = getIntOptions("ic1");
    int64_t ic1 = ic1Options.front();
    for (int64_t option : ic1Options)
      if (option * tapBytes * tile.c2 <= l1 / 2)
        ic1 = std::max(ic1, option);
    setChoice(knobs, c, "pack", "filter");
    setNearest(knobs, c, "ic1", ic1);
    setNearest(knobs, c, "unroll", ic1 % 4 ? 1 : 4);
  }
};

/// The space of cpu.conv2d for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateCPUConvolution(const Sketch &sketch, const FusedGroup &group,
                          TargetAttr target, std::string &whyNot) {
  FailureOr<ConvolutionProblem> problem =
      ConvolutionProblem::get(group, target, whyNot);
  if (failed(problem))
    return nullptr;
  const ConvolutionProblem &p = *problem;
  int64_t oh = p.oh, ow = p.ow, ch = p.ch, kw = p.kw, lanes = p.lanes;
  // Whole vectors of channels; for channel counts no multiple of the
  // vector width divides (24, 40, 3), partial vectors of a divisor.
  SmallVector<int64_t> c2;
  for (int64_t d : getDivisors(ch))
    if (d % lanes == 0 && d <= 4 * lanes)
      c2.push_back(d);
  if (c2.empty())
    c2 = getDivisorsIn(ch, std::min(ch, lanes / 2), 4 * lanes);
  if (c2.empty())
    c2.push_back(largestAtMost(getDivisors(ch), 4 * lanes));

  SmallVector<Knob> knobs;
  knobs.push_back(p.makeTileKnob("h1", getDivisors(oh),
                                 "S0: output rows per parallel tile", oh));
  knobs.push_back(p.makeTileKnob("w1", getDivisors(ow),
                                 "S0: output columns per parallel tile", ow));
  knobs.push_back(p.makeTileKnob("c1", getDivisors(ch),
                                 "S0: output channels per parallel tile", ch));
  // Divisors of OW, and the counts that fill 16 vector registers with two
  // vectors of channels a column (their last tile partial).
  SmallVector<int64_t> w2 = getDivisorsIn(ow, 1, 16);
  for (int64_t columns : {4, 6})
    if (columns <= ow && !llvm::is_contained(w2, columns))
      w2.insert(llvm::upper_bound(w2, columns), columns);
  knobs.push_back(
      p.makeTileKnob("w2", w2, "S3: output columns per register tile", ow));
  knobs.push_back(
      p.makeTileKnob("c2", c2, "S3: output channels per register tile", ch));
  knobs.push_back(p.makeTileKnob("kw2", {1, kw},
                                 "R1: filter columns per register step", kw));
  if (p.loops.ic) {
    knobs.push_back(p.makeTileKnob("ic1", getDivisors(p.ic),
                                   "R0: input channels per block", p.ic));
    knobs.push_back(p.makeTileKnob("ic2", getDivisorsIn(p.ic, 1, 8),
                                   "R1: input channels per register step",
                                   p.ic));
    knobs.push_back(
        p.makeUnrollKnob("unroll factor of the input-channel loop"));
    knobs.push_back(makePackKnob(
        group.anchor, /*operand=*/1, {"none", "filter"},
        "the filter read in place, or its block of an input-channel block "
        "copied into c2-wide panels"));
  }
  return std::make_unique<ConvolutionInstance>(sketch, std::move(knobs),
                                               std::move(*problem));
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUConvolutionSketch() {
  SketchInfo info{
      "cpu.conv2d", TargetKind::cpu,
      "tiling of an NHWC 2-D convolution (regular or depthwise) into "
      "1-D convolutions over register tiles of output columns and "
      "channels, vectorized with the accumulator in registers"};
  info.operands = OperandCheck::None;
  info.rejectSubByte = true;
  return makeSketch(info, instantiateCPUConvolution);
}
