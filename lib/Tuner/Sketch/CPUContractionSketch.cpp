//===- CPUContractionSketch.cpp - the cpu.contraction sketch --------------===//
//
// Multi-level tiling of a contraction after Ansor's CPU structure "SSRSRS":
//
//   S0  scf.forall over (M/m1, N/n1) tiles        -> one tile per thread
//   S1  scf.for over (m1/ms, n1/ns) cache tiles
//   R0  scf.for over K/k1 reduction blocks
//   S2  scf.for over (ms/m2, ns/n2) register tiles
//   R1  scf.for over k1/k2                          (accumulator in registers)
//   S3  the m2 x n2 x k2 register tile              -> vector.contract
//
// The fill producing the accumulator and the chain of elementwise consumers
// are fused into the S0 tiles (Ansor's fusion at level 1), tiled by the
// register tile and vectorized. The register accumulator is hoisted out of
// the R1 loop, the contraction is lowered to FMAs (outer products) or LLVM
// matrix intrinsics, and the R1 loop is unrolled.
//
// Every tile size divides its loop extent: sizes that do not are the job of
// cpu.contraction_padded.
//
//===----------------------------------------------------------------------===//

#include "SketchUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class ContractionInstance : public SketchInstance {
public:
  ContractionInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                      const FusedGroup &group, ContractionLoops loops,
                      TargetAttr target)
      : SketchInstance(sketch, std::move(knobs)), group(group),
        loops(std::move(loops)), target(target) {
    lanes = target.getVectorLanes(getResultElementBits(group.anchor));
    maxAccumulators = target.getVectorBits() >= 512 ? 28 : 14;
    // B: the input indexed by N.
    linalg::LinalgOp anchor = group.anchor;
    AffineMap first =
        anchor.getMatchingIndexingMap(anchor.getDpsInputOperand(0));
    bOperand = first.isFunctionOfDim(this->loops.n) ? 0 : 1;
  }

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t m1 = v.getInt("m1"), n1 = v.getInt("n1"), ms = v.getInt("ms"),
            ns = v.getInt("ns"), k1 = v.getInt("k1"), m2 = v.getInt("m2"),
            n2 = v.getInt("n2"), k2 = v.getInt("k2"),
            unroll = v.getInt("unroll");
    if (m1 % ms || ms % m2) {
      whyNot = "m2 must divide ms, which must divide m1";
      return failure();
    }
    if (n1 % ns || ns % n2) {
      whyNot = "n2 must divide ns, which must divide n1";
      return failure();
    }
    if (k1 % k2 || (k1 / k2) % unroll) {
      whyNot = "k2 must divide k1, and unroll the trip count k1/k2";
      return failure();
    }
    int64_t accumulators = m2 * llvm::divideCeil(n2, lanes);
    if (accumulators > maxAccumulators) {
      whyNot = "register tile needs " + std::to_string(accumulators) +
               " vector registers for the accumulator";
      return failure();
    }
    return success();
  }

  std::string buildScript(StringRef symName) const override {
    ScriptBuilder b(symName);
    auto size = [&](StringRef name) { return b.knob(getKnob(name)); };
    Size m1 = size("m1"), n1 = size("n1"), ms = size("ms"), ns = size("ns"),
         k1 = size("k1"), m2 = size("m2"), n2 = size("n2"), k2 = size("k2");

    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    auto sizes = [&](Size m, Size n, Size k, int64_t others) {
      SmallVector<Size> s(numLoops, Size::of(0));
      s[loops.m] = m;
      s[loops.n] = n;
      s[loops.k] = k;
      for (unsigned i : loops.otherParallel)
        s[i] = Size::of(others);
      return s;
    };

    // S0: parallel tiles with the whole group fused in.
    TiledGroup tiled =
        tileAndFuseGroup(b, group, sizes(m1, n1, Size::of(0), /*others=*/1));
    // S1: cache tiles.
    Handle op = b.tileUsingFor(tiled.anchor,
                               sizes(ms, ns, Size::of(0), /*others=*/0))
                    .first;
    // R0: reduction blocks (other reduction loops by 1).
    SmallVector<Size> r0(numLoops, Size::of(0));
    r0[loops.k] = k1;
    for (unsigned i : loops.otherReduction)
      r0[i] = Size::of(1);
    op = b.tileUsingFor(op, r0).first;
    // S2, R1: register tiles, reduction innermost.
    auto [reg, regLoops] =
        b.tileUsingFor(op, sizes(m2, n2, k2, /*others=*/0),
                       parallelFirstInterchange(anchor));
    Handle kLoop = regLoops.back();
    reg = b.alternativesYielding(getKnob("pack"), [&](unsigned i) {
      StringRef option =
          cast<StringAttr>(getKnob("pack").options[i]).getValue();
      return option == "b" ? packB(b, reg, regLoops, n2) : reg;
    });

    vectorizeElementwise(b, tiled, group, sizes(m2, n2, Size::of(0), 0),
                         /*masked=*/false);
    b.vectorize(reg, /*namedContraction=*/true);

    // Keep the accumulator in registers across the R1 loop.
    b.applyPatterns(tiled.forall,
                    {"tensor.fold_tensor_subset_ops_into_vector_transfers"});
    b.applyLICM(kLoop);
    b.hoistLoopInvariantSubsets(kLoop);

    const Knob &contract = getKnob("contract");
    b.alternatives(contract, [&](unsigned i) {
      std::string strategy =
          cast<StringAttr>(contract.options[i]).getValue().str();
      b.applyPatterns(tiled.forall,
                      {"vector.lower_contraction lowering_strategy = \"" +
                           strategy + "\"",
                       "vector.lower_outerproduct"});
    });
    const Knob &unroll = getKnob("unroll");
    b.alternatives(unroll, [&](unsigned i) {
      if (unroll.getInt(i) > 1)
        b.unrollLoop(kLoop, unroll.getInt(i));
    });
    return b.finish();
  }

  /// Pads `reg`'s B operand with a copy (nofold) and hoists that copy out
  /// of the register-tile loops `regLoops`: B's k1 x ns block is copied
  /// once into n2-wide panels ([ns/n2][k1][n2]) that the register tiles
  /// read contiguously. Returns the padded register-tile op.
  Handle packB(ScriptBuilder &b, Handle reg, ArrayRef<Handle> regLoops,
               Size n2) const {
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<std::string> zeros = getZeroPaddingValues(anchor);
    SmallVector<int64_t> nofold(anchor->getNumOperands(), 0);
    nofold[bOperand] = 1;
    Handle padded =
        b.pad(reg, zeros, {loops.n, loops.k}, nofold, "none").padded;
    Handle copy = b.hoistPad(b.getProducerOfOperand(padded, bOperand),
                             regLoops.size());
    SmallVector<Size> rowSizes(
        anchor.getMatchingIndexingMap(anchor.getDpsInputOperand(bOperand))
            .getNumResults(),
        Size::of(1));
    rowSizes.back() = n2;
    b.vectorize(copy, /*namedContraction=*/false, rowSizes);
    return padded;
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t em = loops.extents[loops.m], en = loops.extents[loops.n],
            ek = loops.extents[loops.k];
    // Register tile: two vectors wide (or one), 8 rows: 16 accumulators.
    int64_t n2 = largestAtMost(getIntOptions("n2"), 2 * lanes);
    int64_t perRow = llvm::divideCeil(n2, lanes);
    int64_t m2 = largestAtMost(getIntOptions("m2"),
                               std::min<int64_t>(8, maxAccumulators / perRow));
    // Cache tile: a k1 x ns panel of B in L2, an ms x k1 panel of A in L1.
    int64_t k1 = largestAtMost(getIntOptions("k1"), 256);
    int64_t ns = multipleAtMost(en, n2, 256);
    int64_t ms = multipleAtMost(em, m2, 64);
    // Parallel tiles: one cache tile each, unless that gives fewer tiles than
    // threads (then split M further).
    int64_t m1 = ms, n1 = ns;
    while ((em / m1) * (en / n1) < target.getCores() && m1 > m2 &&
           (m1 / 2) % m2 == 0 && em % (m1 / 2) == 0)
      m1 /= 2;
    ms = std::min(ms, m1);
    setNearest(knobs, c, "m1", m1);
    setNearest(knobs, c, "n1", n1);
    setNearest(knobs, c, "ms", ms);
    setNearest(knobs, c, "ns", ns);
    setNearest(knobs, c, "k1", k1);
    setNearest(knobs, c, "m2", m2);
    setNearest(knobs, c, "n2", n2);
    setNearest(knobs, c, "k2", 1);
    setNearest(knobs, c, "unroll", 1);
    setChoice(knobs, c, "contract", "outerproduct");
    // Pack B where its rows are a multiple of 4 KiB apart: a k1-row panel
    // of B then falls into one L1 set (1024^3 f32 on one Xeon core: 120
    // GFLOP/s in place, 142 packed); elsewhere the copy, made per (ms, ns,
    // k1) block, cost more than it saved (512^3: 190 against 172).
    linalg::LinalgOp anchor = group.anchor;
    auto bType = cast<ShapedType>(
        anchor.getDpsInputOperand(bOperand)->get().getType());
    int64_t bRowBytes = bType.getShape().back() *
                        (bType.getElementType().isIntOrFloat()
                             ? bType.getElementType().getIntOrFloatBitWidth()
                             : 64) /
                        8;
    setChoice(knobs, c, "pack", bRowBytes % 4096 == 0 ? "b" : "none");
    (void)ek;
    return c;
  }

private:
  /// The largest divisor of `extent` that is a multiple of `step` and at most
  /// `bound` (at least `step`).
  static int64_t multipleAtMost(int64_t extent, int64_t step, int64_t bound) {
    int64_t best = step;
    for (int64_t d : getDivisors(extent))
      if (d % step == 0 && d <= std::max(bound, step))
        best = std::max(best, d);
    return best;
  }

  FusedGroup group;
  ContractionLoops loops;
  TargetAttr target;
  int64_t lanes = 1;
  int64_t maxAccumulators = 14;
  unsigned bOperand = 1;
};

class CPUContractionSketch : public Sketch {
public:
  StringRef getName() const override { return "cpu.contraction"; }
  StringRef getDescription() const override {
    return "SSRSRS multi-level tiling of a contraction with divisor tile "
           "sizes, fused fill and elementwise consumers, register-tile "
           "vectorization, accumulator hoisting, FMA lowering, unrolling";
  }
  TargetKind getTargetKind() const override { return TargetKind::cpu; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    if (!hasStaticTensorOperands(group)) {
      whyNot = "needs static tensor operands";
      return nullptr;
    }
    if (hasSubByteTensors(group, whyNot))
      return nullptr;
    FailureOr<ContractionLoops> loops =
        analyzeContraction(group.anchor, whyNot);
    if (failed(loops))
      return nullptr;
    int64_t em = loops->extents[loops->m], en = loops->extents[loops->n],
            ek = loops->extents[loops->k];
    int64_t lanes =
        target.getVectorLanes(getResultElementBits(group.anchor));
    // Vector-width register columns that divide N.
    SmallVector<int64_t> n2;
    for (int64_t d : getDivisors(en))
      if (d % lanes == 0 && d <= 4 * lanes)
        n2.push_back(d);
    if (n2.empty()) {
      if (en > lanes) {
        whyNot = "no multiple of the vector width divides N = " +
                 std::to_string(en);
        return nullptr;
      }
      n2.push_back(en);
    }

    MLIRContext *ctx = group.anchor->getContext();
    SmallVector<Knob> knobs;
    knobs.push_back(makeIntKnob(ctx, "m1", KnobKind::Tile, getDivisors(em),
                                "S0: rows of M per parallel tile", em));
    knobs.push_back(makeIntKnob(ctx, "n1", KnobKind::Tile, getDivisors(en),
                                "S0: columns of N per parallel tile", en));
    knobs.push_back(makeIntKnob(ctx, "ms", KnobKind::Tile, getDivisors(em),
                                "S1: rows of M per cache tile", em));
    knobs.push_back(makeIntKnob(ctx, "ns", KnobKind::Tile, getDivisors(en),
                                "S1: columns of N per cache tile", en));
    knobs.push_back(makeIntKnob(ctx, "k1", KnobKind::Tile, getDivisors(ek),
                                "R0: K per reduction block", ek));
    knobs.push_back(makeIntKnob(ctx, "m2", KnobKind::Tile,
                                getDivisorsIn(em, 1, 16),
                                "S3: register tile rows", em));
    knobs.push_back(makeIntKnob(ctx, "n2", KnobKind::Tile, n2,
                                "S3: register tile columns (vector lanes)",
                                en));
    knobs.push_back(makeIntKnob(ctx, "k2", KnobKind::Tile,
                                getDivisorsIn(ek, 1, 8),
                                "R1: K per register-tile step", ek));
    knobs.push_back(makeIntKnob(ctx, "unroll", KnobKind::Unroll, {1, 2, 4, 8},
                                "unroll factor of the R1 loop"));
    knobs.back().isAlternatives = true;
    SmallVector<StringRef> lowerings(kContractLowerings,
                                     kContractLowerings + kNumContractLowerings);
    knobs.push_back(makeChoiceKnob(ctx, "contract", lowerings,
                                   "lowering of vector.contract"));
    // Added after configs were recorded: those without it did not pack.
    knobs.push_back(makeChoiceKnob(
        ctx, "pack", {"none", "b"},
        "S2: B's k1 x ns block read in place, or copied into n2-wide panels"));
    knobs.back().absentOption = 0;
    return std::make_unique<ContractionInstance>(*this, std::move(knobs),
                                                 group, std::move(*loops),
                                                 target);
  }
};

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUContractionSketch() {
  return std::make_unique<CPUContractionSketch>();
}
