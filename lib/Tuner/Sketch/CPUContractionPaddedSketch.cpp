//===- CPUContractionPaddedSketch.cpp - cpu.contraction_padded ------------===//
//
// The contraction schedule for extents that vector-friendly tiles do not
// divide (a 500 x 500 x 500 matmul): tile sizes are taken from lists of
// multiples of the register tile instead of divisors, and each
// (m1 x n1 x k1) block is padded to its static bounding box before register
// tiling, with the A and B blocks copied into contiguous buffers (packing):
//
//   S0  scf.forall over (ceil(M/m1), ceil(N/n1)) tiles, group fused in
//   R0  scf.for over ceil(K/k1) reduction blocks
//       pad the block to m1 x n1 x k1 (zeros; A and B packed)
//   S2  scf.for over (m1/m2, n1/n2) register tiles
//   R1  scf.for over k1/k2               (accumulator in registers)
//   S3  the m2 x n2 x k2 register tile -> vector.contract -> FMAs
//
// Knob `pad` = tile pads each S0 tile once instead (B's K x n1 packed, A's
// m1 x K rows only where M needs padding: they are contiguous already, the
// result block copied back once), with the R0 blocks inside it, the last
// one partial (then k2 = 1).
//
// A block of all of M (m1 = M, up to 512 rows) is not padded along M: its
// register tiles need not divide it, the last partial one is peeled off
// (257 rows: 42 tiles of 6 and one of 5; A is then read in place).
//
// Each padded buffer is built rows at a time by masked vector transfers
// that write the padding with the data (transform.sched.vectorize_pad_rows);
// an accumulator the group fills is filled in its padded shape
// (transform.sched.fold_fill_into_pad). The consumers and the copy of each
// padded result block back keep the partial boundary tiles: they are
// vectorized with masks.
//
//===----------------------------------------------------------------------===//

#include "ContractionProblem.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The longest row of K, in bytes, that `pad` = tile copies as one vector
/// (16 KiB: 4096 f32, a BERT FFN's K of 3072 rounded up).
constexpr int64_t kMaxWholeKRowBytes = 16384;

/// Candidate block sizes: multiples of `step` from a geometric-ish list, and
/// the balanced sizes that split the extent into 1..16 blocks with the least
/// padding (300 rows, step 4: 152, 100, 76, ...), up to the extent
/// rounded up to `step` (padding beyond that only wastes work).
static SmallVector<int64_t> paddedSizes(int64_t extent, int64_t step,
                                        int64_t limit) {
  static const int64_t kMultiples[] = {1,  2,  3,  4,  6,  8,  12,
                                       16, 24, 32, 48, 64, 96, 128};
  // Rounded up to 2 x `step`, so that one block of register tiles of
  // 2 x `step` rows covers the extent (500 rows: 504, 63 tiles of 8).
  // (Products are only formed below `limit`: an extent near INT64_MAX made
  // them overflow into negative block sizes, which tile_using_forall
  // crashed on.)
  int64_t bound =
      extent >= limit
          ? limit
          : std::min<int64_t>(llvm::divideCeil(extent, 2 * step) * 2 * step,
                              limit);
  SmallVector<int64_t> sizes;
  for (int64_t m : kMultiples)
    if (m * step <= bound)
      sizes.push_back(m * step);
  // Balanced sizes in multiples of `step` and of 2 x `step` (register tiles
  // of 8 rows or 2 vectors).
  for (int64_t multiple : {step, 2 * step}) {
    for (int64_t blocks = 1; blocks <= 16; ++blocks) {
      int64_t multiples =
          llvm::divideCeil(llvm::divideCeil(extent, blocks), multiple);
      if (multiples <= bound / multiple)
        sizes.push_back(multiples * multiple);
    }
  }
  if (sizes.empty())
    sizes.push_back(step);
  llvm::sort(sizes);
  sizes.erase(llvm::unique(sizes), sizes.end());
  return sizes;
}

class ContractionPaddedInstance : public ProblemInstance<ContractionProblem> {
public:
  using ProblemInstance::ProblemInstance;

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t em = loops.extents[loops.m];
    if ((v.getInt("m1") % v.getInt("m2") && v.getInt("m1") != em) ||
        v.getInt("n1") % v.getInt("n2") || v.getInt("k1") % v.getInt("k2")) {
      whyNot = "register tile must divide the padded block (its rows: or "
               "the block be all of M)";
      return failure();
    }
    int64_t ek = loops.extents[loops.k];
    if (v.getString("pad") == "tile" &&
        ((ek % v.getInt("k1") && v.getInt("k2") > 1) || !canPadWholeK())) {
      // A partial last K block tiled by k2 > 1 leaves dynamic register
      // tiles, which do not vectorize.
      whyNot = "padding the tile needs no other reduction loop, rows of K "
               "of at most " +
               std::to_string(kMaxWholeKRowBytes) +
               " bytes, and k2 = 1 unless k1 divides K";
      return failure();
    }
    if ((v.getInt("k1") / v.getInt("k2")) % v.getInt("unroll")) {
      whyNot = "unroll must divide the trip count k1/k2";
      return failure();
    }
    int64_t accumulators =
        v.getInt("m2") * llvm::divideCeil(v.getInt("n2"), lanes);
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
    Size m1 = knob("m1"), n1 = knob("n1"), k1 = knob("k1"), m2 = knob("m2"),
         n2 = knob("n2"), k2 = knob("k2");
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

    TiledGroup tiled =
        tileAndFuseGroup(b, group, sizes(m1, n1, Size::of(0), /*others=*/1));
    SmallVector<Size> r0(numLoops, Size::of(0));
    r0[loops.k] = k1;
    for (unsigned i : loops.otherReduction)
      r0[i] = Size::of(1);
    const Knob &pad = getKnob("pad");
    b.alternatives(pad, [&](unsigned i) {
      // block: each (m1 x n1 x k1) block padded, its result copied back per
      // block; tile: the parallel tile padded once (A and B with all of K),
      // the reduction blocks inside it (the last one partial).
      bool wholeK = cast<StringAttr>(pad.options[i]).getValue() == "tile";
      ScriptBuilder::Padding padding;
      Handle block;
      TiledGroup local = tiled;
      if (wholeK) {
        padding = padAndPack(b, local, tiled.anchor, {loops.m, loops.n},
                             /*wholeK=*/true);
        block = b.tileUsingFor(padding.padded, r0).first;
      } else {
        block = b.tileUsingFor(tiled.anchor, r0).first;
        padding = padAndPack(b, local, block, {loops.m, loops.n, loops.k},
                             /*wholeK=*/false);
        block = padding.padded;
      }
      scheduleRegisterTiles(b, local, block, padding.copyBack,
                            sizes(m2, n2, k2, /*others=*/0),
                            sizes(m2, n2, Size::of(0), /*others=*/1));
    });
    return b.finish();
  }

  /// Pads `op` along `dims` to its static bounding box, copying A and B
  /// (packing) into the padded buffers, and the accumulator: a fill of the
  /// padded shape where the group fills it (`tiled`'s fill then is that
  /// one), else a copy. With `wholeK` (K not tiled), an input whose tile is
  /// already one contiguous block of rows (A's m1 x K) is only copied where
  /// it needs padding. Returns the padding's handles.
  ScriptBuilder::Padding padAndPack(ScriptBuilder &b, TiledGroup &tiled,
                                    Handle op, ArrayRef<int64_t> dims,
                                    bool wholeK) const {
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Attribute> zeros = getZeroPaddingValues(anchor);
    SmallVector<int64_t> nofold(anchor->getNumOperands(), 0);
    unsigned numInputs = anchor.getNumDpsInputs();
    for (unsigned i = 0; i < numInputs; ++i)
      nofold[i] = !(wholeK && isContiguousRowBlock(i));
    ScriptBuilder::Padding padding = b.pad(op, zeros, dims, nofold);
    if (group.producers.size() == 1 &&
        isa<linalg::FillOp>(*group.producers.front()))
      tiled.producers.front() =
          b.merge(tiled.producers.front(), b.foldFillIntoPad(padding.padded));
    // Each padded buffer is written kPackRows rows at a time, the padding
    // with the data (no fill first), so that the code does not grow with
    // the block (a whole-block vector unrolls into one masked load per row:
    // a 192 x 384 block took LLVM minutes to compile). The padded fill
    // replaces a pad of the filled tile, which bufferized into a fill, a
    // second fill and a strided memref.copy through the runtime (20% of
    // the time of 500^3 on one Zen 5 core, the kernel profiled in a C
    // driver). (Tiling the tensor.pad itself
    // guarded each chunk with an scf.if, whose result bufferization copied
    // through a heap buffer: two mallocs per chunk of rows.)
    constexpr int64_t kPackRows = 4;
    for (unsigned i = 0, e = anchor->getNumOperands(); i < e; ++i)
      b.vectorizePadRows(b.getProducerOfOperand(padding.padded, i), kPackRows);
    return padding;
  }

  /// Whether input `i`'s tile, with all of K, is one contiguous block of its
  /// rows: its indexing map ends with K, is not indexed by N, and indexes
  /// one tiled loop (M) before K, the other dims tiled by 1 (A as [M, K]
  /// or [B, M, K]).
  bool isContiguousRowBlock(unsigned i) const {
    linalg::LinalgOp anchor = group.anchor;
    AffineMap map = anchor.getMatchingIndexingMap(anchor.getDpsInputOperand(i));
    if (map.getNumResults() < 2 || map.isFunctionOfDim(loops.n))
      return false;
    auto dimAt = [&](unsigned r) {
      auto e = dyn_cast<AffineDimExpr>(map.getResult(r));
      return e ? static_cast<int64_t>(e.getPosition()) : -1;
    };
    unsigned last = map.getNumResults() - 1;
    if (dimAt(last) != loops.k || dimAt(last - 1) != loops.m)
      return false;
    for (unsigned r = 0; r + 1 < last; ++r)
      if (!llvm::is_contained(loops.otherParallel, dimAt(r)))
        return false;
    return true;
  }

  /// Register tiles of the padded `block` (`regSizes`: m2 x n2 x k2), the
  /// accumulator kept in registers across the K steps; the fill, the
  /// consumers and the copy back (`copyBack`) vectorized with masks by
  /// `rowTiles`.
  void scheduleRegisterTiles(ScriptBuilder &b, TiledGroup &tiled, Handle block,
                             Handle copyBack, ArrayRef<Size> regSizes,
                             ArrayRef<Size> rowTiles) const {
    linalg::LinalgOp anchor = group.anchor;
    auto [reg, regLoops] =
        b.tileUsingFor(block, regSizes, parallelFirstInterchange(anchor));
    // A block of all of M (m1 = M, not padded) need not be a multiple of
    // m2: its last register tile of rows is peeled off.
    reg = b.merge(reg,
                  peelPartialTiles(b, {regLoops[loops.m < loops.n ? 0 : 1]}));
    Handle kLoop = b.getParentOp(reg, "scf.for");
    b.vectorize(reg, /*namedContraction=*/true);
    // The fill, the consumers and the copy of the padded result back keep
    // the partial boundary tiles: masked vectorization, by register tile
    // (named ops generalized: masking several ops of one fill fails).
    vectorizeElementwise(b, tiled, group, rowTiles, PartialTiles::Masked);
    SmallVector<Size> copyTiles = projectToResultLoops(anchor, rowTiles);
    Handle copy = b.generalize(copyBack);
    copy = b.tileUsingFor(copy, copyTiles).first;
    b.vectorize(copy, /*namedContraction=*/false, copyTiles);

    // Masked transfers instead of vector.mask regions: the buffer
    // deallocation pass of MLIR 22 inserts ops into vector.mask regions,
    // which then fail to verify.
    b.applyPatterns(tiled.forall,
                    {"vector.lower_masked_transfers",
                     "tensor.fold_tensor_subset_ops_into_vector_transfers"});
    b.applyLICM(kLoop);
    b.hoistLoopInvariantSubsets(kLoop);
    if (anchor.getNumReductionLoops() > 1)
      b.dropContractionUnitDims(tiled.forall);
    b.applyPatterns(tiled.forall,
                    getContractionLowering(anchor, "outerproduct"));
    const Knob &unroll = getKnob("unroll");
    b.alternatives(unroll, [&](unsigned i) {
      if (unroll.getInt(i) > 1)
        b.unrollLoop(kLoop, unroll.getInt(i));
    });
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // The tile padded once, K blocks of up to 256 inside (the last one
    // partial, nothing to pad): 500^3 on one Zen 5 core went from 187 to
    // 203 GFLOP/s against blocks padded one by one (168 x 256 x 168).
    bool wholeK = canPadWholeK();
    int64_t ek = loops.extents[loops.k];
    int64_t k1 = wholeK ? largestAtMost(getIntOptions("k1"), 256)
                        : bestBlock(getIntOptions("k1"), ek, 1, 256);
    std::optional<Blocking> best =
        getDefaultBlocking(std::min(k1, ek), /*efficientTiles=*/true);
    if (!best)
      best = getDefaultBlocking(std::min(k1, ek), /*efficientTiles=*/false);
    setNearest(knobs, c, "m1", best->m1);
    setNearest(knobs, c, "n1", best->n1);
    setNearest(knobs, c, "m2", best->m2);
    setNearest(knobs, c, "n2", best->n2);
    setNearest(knobs, c, "k1", k1);
    setNearest(knobs, c, "k2", 1);
    setNearest(knobs, c, "unroll", getDefaultMatmulUnroll(k1));
    setChoice(knobs, c, "pad", wholeK ? "tile" : "block");
    return c;
  }

private:
  /// Block (m1 x n1) and register tile (m2 x n2) sizes.
  struct Blocking {
    int64_t m1 = 0, n1 = 0, m2 = 0, n2 = 0;
  };

  /// The blocking whose busiest thread does the least work, in
  /// multiply-adds: its padded blocks, and per block the copies it makes,
  /// an element copied counted as kCopyCost multiply-adds (B's K x n1 panel,
  /// always; A's m1 x K rows where M is padded; the result block where it
  /// is padded). A register tile with more than 0.7 loads per FMA counts
  /// its multiply-adds that much dearer (12 x 8 with 16 vector registers:
  /// 13 loads for 12 FMAs, x 1.55). B's `k1` x n1 block, read from L2 by
  /// every register tile of rows, takes at most half of it. Ties: larger
  /// blocks (B packed fewer times), then fewer loads per FMA. With
  /// `efficientTiles`, register tiles that keep at least half the
  /// accumulator registers busy at most 0.7 loads per FMA.
  ///
  /// On one Zen 3 core (L2 512 KiB), 500^3 ran at 48 GFLOP/s in 500 x 504
  /// blocks of 12 x 8, 58 in 500 x 512 blocks of 6 x 16 (B's 256 x 512
  /// block all of L2) and 69 in 500 x 256 of 6 x 16
  /// (bench/ab_knobs.sh, 7 rounds).
  ///
  /// On two Zen 5 cores, 500^3 ran at 490 GFLOP/s in 500 x 256 blocks of
  /// 5 x 64 register tiles (N split; A read in place), 460 in 252 x 512
  /// blocks of 12 x 32, 451 in 256 x 512 of 8 x 32; on one core 248 in
  /// 500 x 512 blocks of 5 x 64, 225-242 in 504 x 512 of 8 x 32. One
  /// element copied costs about as much as 11 multiply-adds (500^3 on one
  /// core: B packed once more, 256K elements, took 4% of 125M).
  std::optional<Blocking> getDefaultBlocking(int64_t k1,
                                             bool efficientTiles) const {
    constexpr int64_t kCopyCost = 11, kMaxRows = 512, kMaxColumns = 512;
    int64_t em = loops.extents[loops.m], en = loops.extents[loops.n],
            ek = loops.extents[loops.k], cores = target.getCores();
    int64_t l2 = getL2Bytes(target);
    int64_t bytes = getWidestElementBits(group.anchor) / 8;
    SmallVector<int64_t> m1Options = getIntOptions("m1"),
                         n1Options = getIntOptions("n1");
    std::optional<Blocking> best;
    double bestCost = 0;
    double bestLoads = 0;
    for (int64_t m2 : getIntOptions("m2")) {
      for (int64_t n2 : getIntOptions("n2")) {
        int64_t vectors = llvm::divideCeil(n2, lanes);
        int64_t accumulators = m2 * vectors;
        double loads = static_cast<double>(m2 + vectors) / accumulators;
        if (accumulators > maxAccumulators ||
            (efficientTiles && !isEfficientTile(accumulators, vectors, loads)))
          continue;
        // Per mille: 1000 up to 0.7 loads per FMA.
        int64_t tileCost = std::max<int64_t>(1000, (m2 + vectors) * 10000 /
                                                       (7 * accumulators));
        for (int64_t m1 : m1Options) {
          for (int64_t n1 : n1Options) {
            if ((m1 % m2 && m1 != em) || n1 % n2 ||
                m1 > std::max(kMaxRows, m2) || n1 > std::max(kMaxColumns, n2) ||
                (n1 > n2 && 2 * k1 * n1 * bytes > l2))
              continue;
            int64_t mBlocks = llvm::divideCeil(em, m1),
                    nBlocks = llvm::divideCeil(en, n1);
            bool mPadded = mBlocks * m1 != em, nPadded = nBlocks * n1 != en;
            // A peeled partial register tile costs a whole one.
            int64_t rows = llvm::alignTo(m1, m2);
            int64_t copies = ek * n1 + (mPadded ? m1 * ek : 0) +
                             (mPadded || nPadded ? m1 * n1 : 0);
            // In doubles: extents up to 2^40 (the IR fuzzer's) overflow
            // int64_t products.
            double cost =
                static_cast<double>(
                    llvm::divideCeil(mBlocks * nBlocks, cores)) *
                (static_cast<double>(rows * n1) * ek * tileCost / 1000 +
                 static_cast<double>(kCopyCost) * copies);
            bool better =
                !best || cost < bestCost ||
                (cost == bestCost &&
                 (m1 * n1 > best->m1 * best->n1 ||
                  (m1 * n1 == best->m1 * best->n1 && loads < bestLoads)));
            if (!better)
              continue;
            best = Blocking{m1, n1, m2, n2};
            bestCost = cost;
            bestLoads = loads;
          }
        }
      }
    }
    return best;
  }

  /// Whether a register tile of `accumulators` vectors, `vectors` of them
  /// per row, is one getDefaultBlocking prefers. With 32 vector registers:
  /// half of maxAccumulators or more, at most 0.7 loads per FMA. With 16
  /// (AVX2): 12 accumulators or more whose tile leaves two registers for
  /// B's row and the broadcast of A (6 x 16 for f32). On one Zen 3 core
  /// 300 x 700 x 600 ran at 81 GFLOP/s in 6 x 16 tiles and 64 in 3 x 32
  /// (17 registers: B reloaded from memory), 500^3 at 79 in 6 x 16, 71 in
  /// 4 x 24 (16 registers) and 64 in 5 x 16 (unrolled 4 times).
  bool isEfficientTile(int64_t accumulators, int64_t vectors,
                       double loads) const {
    if (target.getVectorBits() >= 512)
      return 2 * accumulators >= maxAccumulators && loads <= 0.7;
    return accumulators >= 12 && accumulators + vectors + 2 <= 16;
  }

  /// Whether `pad` = tile may pad A and B with all of K: no other reduction
  /// loop, and a row of K small enough for the copy that packs it, which
  /// is vectorized a row at a time (a vector of the next power of two of K
  /// elements: an i8 matmul with K = 2^40 from the IR fuzzer made one of
  /// 2^40 lanes, whose mask constant took the lowering minutes).
  bool canPadWholeK() const {
    if (!loops.otherReduction.empty())
      return false;
    int64_t ek = loops.extents[loops.k];
    int64_t bytes = getWidestElementBits(group.anchor) / 8;
    return ek <= kMaxWholeKRowBytes / bytes &&
           static_cast<int64_t>(llvm::PowerOf2Ceil(ek)) * bytes <=
               kMaxWholeKRowBytes;
  }

  /// Among the multiples of `step` in `options` up to `bound`: the largest
  /// that pads `extent` by at most 3%, else the one that pads least (ties:
  /// the larger).
  static int64_t bestBlock(ArrayRef<int64_t> options, int64_t extent,
                           int64_t step, int64_t bound) {
    int64_t best = 0, bestWaste = INT64_MAX, largestTight = 0;
    for (int64_t o : options) {
      if (o % step || o > std::max(bound, step))
        continue;
      int64_t waste = llvm::divideCeil(extent, o) * o - extent;
      if (waste * 100 <= 3 * extent)
        largestTight = std::max(largestTight, o);
      if (waste < bestWaste || (waste == bestWaste && o > best)) {
        best = o;
        bestWaste = waste;
      }
    }
    if (largestTight)
      return largestTight;
    return best ? best : options.front();
  }
};

/// The space of cpu.contraction_padded for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateCPUContractionPadded(const Sketch &sketch, const FusedGroup &group,
                                TargetAttr target, std::string &whyNot) {
  FailureOr<ContractionProblem> problem =
      ContractionProblem::get(group, target, whyNot);
  if (failed(problem))
    return nullptr;
  const ContractionProblem &p = *problem;
  Type elementType =
      cast<ShapedType>(group.anchor->getResult(0).getType()).getElementType();
  if (!elementType.isIntOrFloat()) {
    whyNot = "padding needs an int or float element type";
    return nullptr;
  }
  int64_t em = p.em, en = p.en, ek = p.ek, lanes = p.lanes;
  SmallVector<int64_t> n2;
  for (int64_t v = lanes; v <= 4 * lanes; v += lanes)
    n2.push_back(v);
  SmallVector<Knob> knobs;
  // All of M as one block: not padded, whatever its extent (257 rows).
  SmallVector<int64_t> m1 = paddedSizes(em, 4, 512);
  if (em <= 512 && !llvm::is_contained(m1, em))
    m1.insert(llvm::upper_bound(m1, em), em);
  knobs.push_back(
      p.makeTileKnob("m1", m1, "S0: rows of M per parallel block", em));
  knobs.push_back(p.makeTileKnob("n1", paddedSizes(en, lanes, 1024),
                                 "S0: columns of N per parallel block", en));
  knobs.push_back(p.makeTileKnob("k1", paddedSizes(ek, 8, 512),
                                 "R0: K per padded reduction block", ek));
  knobs.push_back(p.makeTileKnob("m2", {1, 2, 3, 4, 5, 6, 8, 12, 16},
                                 "S3: register tile rows", em));
  knobs.push_back(
      p.makeTileKnob("n2", n2, "S3: register tile columns (vector lanes)", en));
  knobs.push_back(
      p.makeTileKnob("k2", {1, 2, 4, 8}, "R1: K per register-tile step", ek));
  knobs.push_back(p.makeUnrollKnob("unroll factor of the R1 loop"));
  // Added after configs were recorded: those without it padded blocks.
  knobs.push_back(makeChoiceKnob(
      p.getContext(), "pad", {"block", "tile"},
      "pad each m1 x n1 x k1 block (result copied back per block), or the "
      "m1 x n1 tile once with all of K (reduction blocks inside)"));
  knobs.back().absentOption = 0;
  return std::make_unique<ContractionPaddedInstance>(sketch, std::move(knobs),
                                                     std::move(*problem));
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUContractionPaddedSketch() {
  SketchInfo info{
      "cpu.contraction_padded", TargetKind::cpu,
      "contraction tiling with non-dividing block sizes: each block is "
      "padded to its static size with A and B packed, then tiled and "
      "vectorized like cpu.contraction"};
  info.rejectSubByte = true;
  return makeSketch(info, instantiateCPUContractionPadded);
}
