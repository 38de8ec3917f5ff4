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
// Knob `pack` copies B's k1 x ns block into n2-wide panels that the register
// tiles read contiguously: per (S1, R0) block ("b"), or once per (ns, k1)
// block for all of a parallel tile's cache tiles of M ("panel": S1 is split,
// the loop over ms-row cache tiles goes inside R0, as in BLIS).
//
// Every tile size divides its loop extent: sizes that do not are the job of
// cpu.contraction_padded.
//
//===----------------------------------------------------------------------===//

#include "ContractionProblem.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class ContractionInstance : public ProblemInstance<ContractionProblem> {
public:
  using ProblemInstance::ProblemInstance;

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t m1 = v.getInt("m1"), n1 = v.getInt("n1"), ms = v.getInt("ms"),
            ns = v.getInt("ns"), k1 = v.getInt("k1"), m2 = v.getInt("m2"),
            n2 = v.getInt("n2"), k2 = v.getInt("k2"),
            unroll = v.getInt("unroll");
    if (m1 % ms || m2 > ms) {
      whyNot = "ms must divide m1, and m2 be at most ms";
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
    if (v.getString("contract") == "llvmintr" && hasMixedElementTypes()) {
      // LLVM's matrix multiply intrinsic takes one element type.
      whyNot = "contract = llvmintr needs inputs of the accumulator's "
               "element type";
      return failure();
    }
    return success();
  }

  /// Whether an input's element type differs from the result's (i8 x i8
  /// -> i32).
  bool hasMixedElementTypes() const {
    linalg::LinalgOp anchor = group.anchor;
    Type result = getElementTypeOrSelf(anchor->getResult(0).getType());
    return llvm::any_of(anchor.getDpsInputs(), [&](Value input) {
      return getElementTypeOrSelf(input.getType()) != result;
    });
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
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
    // S1, R0, S2, R1: cache tiles, reduction blocks and register tiles, in
    // the order the packing of B asks for.
    const Knob &pack = getKnob("pack");
    Handle reg = b.alternativesYielding(pack, [&](unsigned i) {
      StringRef option = cast<StringAttr>(pack.options[i]).getValue();
      return tileCachesAndRegisters(b, tiled.anchor, option,
                                    {ms, ns, k1, m2, n2, k2}, sizes);
    });
    Handle kLoop = b.getParentOp(reg, "scf.for");

    vectorizeElementwise(b, tiled, group, sizes(m2, n2, Size::of(0), 0),
                         PartialTiles::Peeled);
    b.vectorize(reg, /*namedContraction=*/true);

    // Keep the accumulator in registers across the R1 loop.
    b.applyPatterns(tiled.forall,
                    {"tensor.fold_tensor_subset_ops_into_vector_transfers"});
    b.applyLICM(kLoop);
    b.hoistLoopInvariantSubsets(kLoop);

    // A unit batch-reduction dimension in the register tile
    // (batch_reduce_matmul) would keep it from the outer-product lowering.
    if (linalg::LinalgOp(group.anchor).getNumReductionLoops() > 1)
      b.dropContractionUnitDims(tiled.forall);
    const Knob &contract = getKnob("contract");
    b.alternatives(contract, [&](unsigned i) {
      b.applyPatterns(
          tiled.forall,
          getContractionLowering(
              group.anchor, cast<StringAttr>(contract.options[i]).getValue()));
    });
    const Knob &unroll = getKnob("unroll");
    b.alternatives(unroll, [&](unsigned i) {
      if (unroll.getInt(i) > 1)
        b.unrollLoop(kLoop, unroll.getInt(i));
    });
    return b.finish();
  }

  /// Tiles the S0 tile `op` into cache tiles, reduction blocks and register
  /// tiles (reduction innermost), packing B as `pack` says:
  ///  - none:  S1 (ms, ns), R0 (k1), S2, R1; B read in place;
  ///  - b:     the same, B's k1 x ns block copied per (ms, ns, k1) block;
  ///  - panel: S1 over ns, R0, then S1 over ms (BLIS's order), B's k1 x ns
  ///           block copied once per (ns, k1) and read by all ms blocks.
  /// Returns the register-tile op.
  Handle tileCachesAndRegisters(
      ScriptBuilder &b, Handle op, StringRef pack, ArrayRef<Size> knobSizes,
      function_ref<SmallVector<Size>(Size, Size, Size, int64_t)> sizes) const {
    Size zero = Size::of(0), ms = knobSizes[0], ns = knobSizes[1],
         k1 = knobSizes[2], m2 = knobSizes[3], n2 = knobSizes[4],
         k2 = knobSizes[5];
    // R0: reduction blocks (other reduction loops by 1).
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Size> r0(anchor.getNumLoops(), zero);
    r0[loops.k] = k1;
    for (unsigned i : loops.otherReduction)
      r0[i] = Size::of(1);
    bool panel = pack == "panel";
    op = b.tileUsingFor(op, sizes(panel ? zero : ms, ns, zero, 0)).first;
    op = b.tileUsingFor(op, r0).first;
    Handle msLoop;
    if (panel) {
      auto [tiledOp, msLoops] = b.tileUsingFor(op, sizes(ms, zero, zero, 0));
      op = tiledOp;
      msLoop = msLoops.front();
    }
    auto [reg, regLoops] = b.tileUsingFor(op, sizes(m2, n2, k2, 0),
                                          parallelFirstInterchange(anchor));
    // The ms loop's slice of B is all of the (ns, k1) block: merged into the
    // register tile's slice, that reads the block, which hoisting needs.
    if (panel)
      b.applyPatterns(msLoop,
                      {"tensor.merge_consecutive_insert_extract_slice"});
    if (pack != "none")
      reg = packContractionPanels(b, group.anchor, loops, bOperand, reg,
                                  regLoops.size() + (panel ? 1 : 0), n2, k2);
    // m2 need not divide ms: the last register tile of rows is then peeled
    // off, after packing, so that it reads the packed B too.
    Handle partial = peelPartialTiles(b, {regLoops[loops.m < loops.n ? 0 : 1]});
    return b.merge(reg, partial);
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t em = loops.extents[loops.m], en = loops.extents[loops.n],
            ek = loops.extents[loops.k];
    auto [m2, n2] = getDefaultRegisterTile(em, en);
    // Cache tile: a k1 x ns panel of B in L2, an ms x k1 panel of A in L1.
    int64_t k1 = largestAtMost(getIntOptions("k1"), 256);
    int64_t ns = multipleAtMost(en, n2, getDefaultPanelColumns(k1));
    int64_t ms = getDefaultCacheRows(em, m2);
    int64_t n1 = ns;
    int64_t m1 = getParallelRows(em, en / n1, ms, m2);
    ms = std::min(ms, m1);
    setNearest(knobs, c, "m1", m1);
    setNearest(knobs, c, "n1", n1);
    setNearest(knobs, c, "ms", ms);
    setNearest(knobs, c, "ns", ns);
    setNearest(knobs, c, "k1", k1);
    setNearest(knobs, c, "m2", m2);
    setNearest(knobs, c, "n2", n2);
    setNearest(knobs, c, "k2", 1);
    setNearest(knobs, c, "unroll", getDefaultMatmulUnroll(k1));
    setChoice(knobs, c, "contract", "outerproduct");
    setChoice(knobs, c, "pack",
              getDefaultPacking(m1 / ms, std::min(k1, ek), ns));
    return c;
  }

private:
  /// The default register tile (m2, n2): six rows of four vectors (24
  /// accumulators) with AVX-512 where four vectors divide N, else twelve
  /// rows of two (24), or six rows of two with 16 vector registers (12, as
  /// BLIS's Haswell kernel); one vector where N takes no more. 768 x 512 x
  /// 512 on one Xeon core: 8 x 32 ran at 168-172 GFLOP/s, 12 x 32 at 180,
  /// 6 x 64 at 184. Rows that do not divide a cache tile leave a partial
  /// register tile, which is peeled; M below two tiles takes the largest
  /// row count that divides it.
  std::pair<int64_t, int64_t> getDefaultRegisterTile(int64_t em,
                                                     int64_t en) const {
    // Power-of-two vector counts only. 8 x 48 (three vectors) once ran a
    // MobileNet pointwise convolution (3136 x 144 x 24) 6x slower than
    // 8 x 16: LLVM scalarized the loop-carried <48 x float> rows, which
    // tuner-split-carried-vectors now carries as 32 + 16 (bert FFN, one Zen
    // 5 core: 8 x 48 at 8 GFLOP/s before, 240 after, 6 x 64 at 245).
    SmallVector<int64_t> n2Options = getIntOptions("n2");
    bool wide = target.getVectorBits() >= 512;
    int64_t n2 = largestAtMost(n2Options, lanes);
    for (int64_t vectors : {4, 2})
      if ((vectors < 4 || wide) &&
          llvm::is_contained(n2Options, vectors * lanes)) {
        n2 = vectors * lanes;
        break;
      }
    int64_t perRow = llvm::divideCeil(n2, lanes);
    int64_t rows = perRow >= 4 ? 6 : perRow == 2 ? (wide ? 12 : 6) : 8;
    rows = std::min(rows, maxAccumulators / perRow);
    if (em < 2 * rows) {
      int64_t best = 1;
      for (int64_t d : getDivisors(em))
        if (d <= std::min<int64_t>(8, maxAccumulators / perRow))
          best = std::max(best, d);
      rows = best;
    }
    return {rows, n2};
  }

  /// The most columns of B's k1 x ns panel: 256, and the panel at most a
  /// quarter of L2 (128 columns of f32 with 512 KiB). On one Zen 3 core
  /// (L2 512 KiB) 512^3 ran at 91 GFLOP/s in panels of 256 x 128, 78 in
  /// 256 x 256; bert_base_qkv 83 and 76, its FFN 73 and 69
  /// (bench/ab_knobs.sh, 5-7 rounds). With 1 MiB of L2 or more, 256.
  int64_t getDefaultPanelColumns(int64_t k1) const {
    int64_t ek = loops.extents[loops.k];
    int64_t l2 = getL2Bytes(target);
    int64_t bytes =
        std::max<int64_t>(1, getWidestElementBits(group.anchor) / 8);
    int64_t rows = std::max<int64_t>(1, std::min(k1, ek));
    return std::min<int64_t>(256, l2 / (4 * rows * bytes));
  }

  /// The default rows of a cache tile: the largest divisor of M up to 96
  /// that m2 divides, else the largest up to 64 (its last register tile
  /// then partial), at least m2.
  static int64_t getDefaultCacheRows(int64_t em, int64_t m2) {
    int64_t whole = 0, any = 0;
    for (int64_t d : getDivisors(em)) {
      if (d < m2)
        continue;
      if (d <= 96 && d % m2 == 0)
        whole = std::max(whole, d);
      if (d <= 64)
        any = std::max(any, d);
    }
    return whole ? whole : any ? any : em;
  }

  /// Rows of M per parallel tile: several cache tiles of `ms` rows (up to
  /// 256 rows), so that a packed block of B serves them all, while the
  /// (M/m1) x `nTiles` tiles still share out evenly among the cores (a
  /// multiple of the cores, or at least four per core). Falls back to
  /// halving `ms` until every core has a tile (down to `m2` rows).
  int64_t getParallelRows(int64_t em, int64_t nTiles, int64_t ms,
                          int64_t m2) const {
    int64_t cores = std::max<int64_t>(1, target.getCores());
    auto balanced = [&](int64_t m1) {
      int64_t tiles = (em / m1) * nTiles;
      return tiles >= cores && (tiles % cores == 0 || tiles >= 4 * cores);
    };
    int64_t best = 0;
    for (int64_t d : getDivisors(em))
      if (d % ms == 0 && d <= std::max<int64_t>(256, ms) && balanced(d))
        best = std::max(best, d);
    if (best)
      return best;
    int64_t m1 = ms;
    while ((em / m1) * nTiles < cores && m1 / 2 >= m2 && em % (m1 / 2) == 0)
      m1 /= 2;
    return m1;
  }

  /// The default `pack`: B's k1 x ns block copied once per (ns, k1) block
  /// when several cache tiles of M read it and it does not stay in L1
  /// (one Xeon core: bert_base_ffn1 125 -> 148 GFLOP/s, 1024^3 140 -> 175;
  /// attention_bmm, whose 64 x 128 blocks fit L1, 186 -> 168 packed).
  /// Otherwise per block where B's rows are a multiple of 4 KiB apart (a
  /// k1-row panel of B then falls into one L1 set), else in place.
  StringRef getDefaultPacking(int64_t msPerTile, int64_t k1, int64_t ns) const {
    linalg::LinalgOp anchor = group.anchor;
    auto bType = cast<ShapedType>(
        anchor.getDpsInputOperand(bOperand)->get().getType());
    Type element = bType.getElementType();
    int64_t bytes =
        element.isIntOrFloat() ? element.getIntOrFloatBitWidth() / 8 : 8;
    int64_t l1 = getL1Bytes(target);
    if (msPerTile >= 2 && k1 * ns * bytes > l1)
      return "panel";
    return bType.getShape().back() * bytes % 4096 == 0 ? "b" : "none";
  }

  /// The largest divisor of `extent` that is a multiple of `step` and at most
  /// `bound` (at least `step`).
  static int64_t multipleAtMost(int64_t extent, int64_t step, int64_t bound) {
    int64_t best = step;
    for (int64_t d : getDivisors(extent))
      if (d % step == 0 && d <= std::max(bound, step))
        best = std::max(best, d);
    return best;
  }
};

/// The space of cpu.contraction for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateCPUContraction(const Sketch &sketch, const FusedGroup &group,
                          TargetAttr target, std::string &whyNot) {
  FailureOr<ContractionProblem> problem =
      ContractionProblem::get(group, target, whyNot);
  if (failed(problem))
    return nullptr;
  const ContractionProblem &p = *problem;
  int64_t em = p.em, en = p.en, ek = p.ek, lanes = p.lanes;
  // Vector-width register columns that divide N. (Partial column tiles,
  // peeled like partial rows, vectorize with odd widths such as 12 x 26
  // that LLVM lowers poorly: 500^3 ran at 30 GFLOP/s against 120 padded.)
  SmallVector<int64_t> n2;
  for (int64_t d : getDivisors(en))
    if (d % lanes == 0 && d <= 4 * lanes)
      n2.push_back(d);
  if (n2.empty()) {
    if (en > lanes) {
      whyNot =
          "no multiple of the vector width divides N = " + std::to_string(en);
      return nullptr;
    }
    n2.push_back(en);
  }

  SmallVector<Knob> knobs;
  knobs.push_back(p.makeTileKnob("m1", getDivisors(em),
                                 "S0: rows of M per parallel tile", em));
  knobs.push_back(p.makeTileKnob("n1", getDivisors(en),
                                 "S0: columns of N per parallel tile", en));
  knobs.push_back(p.makeTileKnob("ms", getDivisors(em),
                                 "S1: rows of M per cache tile", em));
  knobs.push_back(p.makeTileKnob("ns", getDivisors(en),
                                 "S1: columns of N per cache tile", en));
  knobs.push_back(
      p.makeTileKnob("k1", getDivisors(ek), "R0: K per reduction block", ek));
  // Register tile rows: any up to 16 (the last tile of a cache tile that
  // m2 does not divide is peeled off and runs on its own).
  SmallVector<int64_t> m2;
  for (int64_t r = 1; r <= std::min<int64_t>(16, em); ++r)
    m2.push_back(r);
  knobs.push_back(p.makeTileKnob("m2", m2, "S3: register tile rows", em));
  knobs.push_back(
      p.makeTileKnob("n2", n2, "S3: register tile columns (vector lanes)", en));
  knobs.push_back(p.makeTileKnob("k2", getDivisorsIn(ek, 1, 8),
                                 "R1: K per register-tile step", ek));
  knobs.push_back(p.makeUnrollKnob("unroll factor of the R1 loop"));
  SmallVector<StringRef> lowerings(kContractLowerings,
                                   kContractLowerings + kNumContractLowerings);
  knobs.push_back(makeChoiceKnob(p.getContext(), "contract", lowerings,
                                 "lowering of vector.contract"));
  knobs.push_back(makePackKnob(
      group.anchor, p.bOperand, {"none", "b", "panel"},
      "B's k1 x ns block read in place, or copied into n2-wide panels per "
      "(ms, ns, k1) block (b) or per (ns, k1) block (panel, M inside K)"));
  return std::make_unique<ContractionInstance>(sketch, std::move(knobs),
                                               std::move(*problem));
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUContractionSketch() {
  SketchInfo info{
      "cpu.contraction", TargetKind::cpu,
      "SSRSRS multi-level tiling of a contraction with divisor tile "
      "sizes, fused fill and elementwise consumers, register-tile "
      "vectorization, accumulator hoisting, FMA lowering, unrolling"};
  info.rejectSubByte = true;
  return makeSketch(info, instantiateCPUContraction);
}
