//===- CPUContractionBF16DotSketch.cpp - cpu.contraction_bf16_dot ---------===//
//
// bf16 matmuls on AVX512-BF16 dot products (vdpbf16ps: 16 f32 lanes, each
// += the products of a pair of bf16 values). The op is the packed form
// tuner-pack-bf16-dot writes, a generic over (m, n, k, p) reading
// A[m, k, p] and B[k, n, p] with p the pair:
//
//   S0  scf.forall over (M/m1, N/n1) tiles, fill and consumers fused
//   R0  scf.for over K/2 in blocks of k1 pairs
//   S1  scf.for over (m1/m2, n1/n2) register tiles
//   R1  scf.for over the k1 pairs, one at a time (accumulators hoisted)
//   S2  m2 x n2/16 contractions of 1 x 16 x (1 x 2), unrolled
//
// Knob `pack` = panels copies B's k1 x n1 block once per block into n2-wide
// panels ([n1/n2][k1][n2][2]) that the register tiles read contiguously.
//
// The blocked form (tuner-pack-bf16-dot block-n, which tuner-prepare uses
// on targets without AMX) already holds B in such panels, for all of K: a
// generic over (m, nb, n, k, p) reading B[nb, k, n, p] into C[m, nb, n].
// The same steps tile N's blocks (n1 / block of them per parallel tile,
// n2 / block per register tile); there is no `pack` knob.
//
// Each 1 x 16 x (1 x 2) contraction becomes one vdpbf16ps (upstream's
// x86vector vector_contract_to_packed_type_dot_product): a pair of A
// broadcast, a row of 16 pairs of B. The register tile (m2 rows of n2/16
// vectors of accumulators) is a knob choice, so that its loops unroll with
// constant factors; tiles that need more than 24 accumulators are left out
// (32 zmm registers, minus B's vectors and A's broadcast).
//
// Applies only to targets whose features list avx512bf16; elsewhere the
// packed op is scheduled by the f32-style sketches (extending in the loop).
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
constexpr int64_t kLanes = 16;
constexpr int64_t kMaxAccumulators = 24;

/// A packed bf16 matmul: M, N, K/2, and for the blocked form the columns
/// of N per block of B (0: B as [K/2, N, 2]).
struct PackedShape {
  int64_t m = 0, n = 0, k = 0;
  int64_t block = 0;
};

class BF16DotInstance : public SketchInstanceBase {
public:
  BF16DotInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                  const FusedGroup &group, PackedShape shape)
      : SketchInstanceBase(sketch, std::move(knobs), group), shape(shape) {}

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    auto [m2, n2] = parseShapeOption(v.getString("tile"));
    if (v.getInt("m1") % m2 || v.getInt("n1") % n2) {
      whyNot = "the register tile must divide the parallel tile";
      return failure();
    }
    return success();
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    Size m1 = b.knob(getKnob("m1")), n1 = b.knob(getKnob("n1")),
         k1 = b.knob(getKnob("k1"));
    Size zero = Size::of(0), one = Size::of(1);
    TiledGroup tiled = tileAndFuseGroup(b, group, getSizes(b, m1, n1, zero));
    Handle op = b.tileUsingFor(tiled.anchor, getSizes(b, zero, zero, k1)).first;
    const Knob &tile = getKnob("tile");
    b.alternatives(tile, [&](unsigned i) {
      auto [rows, cols] =
          parseShapeOption(cast<StringAttr>(tile.options[i]).getValue());
      Size m2 = Size::of(rows), n2 = Size::of(cols);
      TiledGroup local = tiled;
      vectorizeElementwise(b, local, group, getSizes(b, m2, n2, zero),
                           PartialTiles::None);
      // One tiling for the three loops: B's slice is then taken in the
      // innermost one, from the block, which hoisting its copy needs.
      Handle step = b.tileUsingFor(op, getSizes(b, m2, n2, one)).first;
      if (!shape.block) {
        const Knob &pack = getKnob("pack");
        step = b.alternativesYielding(pack, [&](unsigned j) {
          if (cast<StringAttr>(pack.options[j]).getValue() == "panels")
            return packBPanels(b, step, n2);
          return step;
        });
      }
      Handle kLoop = b.getParentOp(step, "scf.for");
      auto [dot, loops] =
          b.tileUsingFor(step, getSizes(b, one, Size::of(kLanes), zero));
      b.vectorize(dot, /*namedContraction=*/true);
      // Innermost first: the columns (of a block, then the blocks), rows.
      SmallVector<int64_t> factors = {rows};
      if (!shape.block) {
        factors.push_back(cols / kLanes);
      } else {
        factors.push_back(cols >= shape.block ? cols / shape.block : 1);
        if (shape.block > kLanes)
          factors.push_back(std::min(cols, shape.block) / kLanes);
      }
      for (size_t l = loops.size(); l-- > 0;)
        if (factors[l] > 1)
          b.unrollLoop(loops[l], factors[l]);
      b.applyPatterns(tiled.forall,
                      {"vector.transfer_permutation_patterns",
                       "vector.reduction_to_contract",
                       "vector.fold_arith_extension", "canonicalization"});
      b.applyPatterns(
          tiled.forall,
          {"x86vector.vector_contract_to_packed_type_dot_product"});
      b.applyLICM(kLoop);
      b.hoistLoopInvariantSubsets(kLoop);
      // The hoisted accumulators are written into their 1 x 16 slices and
      // the slices inserted in reverse order, which made bufferization copy
      // each through a heap buffer on every register tile (16 mallocs per
      // 4 x 64 tile, a third of the time): write them into the tile
      // directly.
      b.applyPatterns(tiled.forall,
                      {"tensor.fold_tensor_subset_ops_into_vector_transfers"});
    });
    return b.finish();
  }

  /// Tile sizes over the anchor's loops for `rows` of M, `cols` of N and
  /// `pairs` of K/2 (zero: the whole extent). In the blocked form, `cols`
  /// is a multiple of the block (a number of blocks, the block whole) or
  /// a literal within one block.
  SmallVector<Size> getSizes(ScriptBuilder &b, Size rows, Size cols,
                             Size pairs) const {
    Size zero = Size::of(0);
    if (!shape.block)
      return {rows, cols, pairs, zero};
    if (cols.isZero())
      return {rows, zero, zero, pairs, zero};
    if (!cols.param && cols.value < shape.block)
      return {rows, Size::of(1), cols, pairs, zero};
    return {rows, b.exactDivide(cols, shape.block), zero, pairs, zero};
  }

  /// Copies B's k1 x n1 block, once per block, into n2-wide panels
  /// ([n1/n2][k1][n2][2]) that the register tiles read contiguously: in
  /// place, the rows of pairs are N x 4 bytes apart, a multiple of 4 KiB
  /// for N = 3072, so a register tile's column of B falls into one L1 set.
  /// `step` is one pair step of a register tile; its B slice is hoisted out
  /// of the pair loop and the two register-tile loops.
  Handle packBPanels(ScriptBuilder &b, Handle step, Size n2) const {
    return packOperandPanels(b, group.anchor, /*operand=*/1, step,
                             /*padDims=*/{1, 2}, /*numLoops=*/3,
                             {Size::of(1), n2, Size::of(2)});
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // The largest register tile of at most 16 accumulators, wide first.
    StringRef best;
    int64_t bestScore = -1, m2 = 1, n2 = kLanes;
    for (Attribute option : getKnob("tile").options) {
      StringRef name = cast<StringAttr>(option).getValue();
      auto [rows, cols] = parseShapeOption(name);
      int64_t accumulators = rows * (cols / kLanes);
      int64_t score = accumulators <= 16 ? accumulators * 4 + cols / kLanes : 0;
      if (score > bestScore) {
        bestScore = score;
        best = name;
        m2 = rows;
        n2 = cols;
      }
    }
    setChoice(knobs, c, "tile", best);
    // One parallel tile per core's share of N (a B panel in L2), all of M.
    // Blocked B: one register tile's column, its panel read once per K
    // block by every row of tiles while in L1/L2 (32 x 11008 x 4096 on a
    // Zen 5 core: 317 -> 424 GFLOP/s from n1 = 256 to 64; 1024^3 493 ->
    // 520), and longer K blocks where few rows of tiles share them (the
    // weight streams: 364 at k1 = 128, 424 at 512; 1024^3 prefers 128).
    int64_t n1 = n2;
    if (!shape.block)
      for (int64_t d : getDivisors(shape.n))
        if (d % n2 == 0 && d <= 256)
          n1 = std::max(n1, d);
    int64_t m1 = shape.m;
    if ((shape.n / n1) < 2 && shape.m % (2 * m2) == 0)
      m1 = shape.m / 2;
    int64_t k1 = shape.block && m1 <= 16 * m2 ? 512 : 128;
    setNearest(knobs, c, "m1", m1);
    setNearest(knobs, c, "n1", n1);
    setNearest(knobs, c, "k1", std::min<int64_t>(shape.k, k1));
    // Packed panels pay once a block of B serves a few register tiles of
    // rows: 128 x 3072 x 768 on one Zen 5 core went from 354 to 470
    // GFLOP/s (k1 = 128, n1 = 256, 4 x 64 tiles).
    if (!shape.block)
      setChoice(knobs, c, "pack", m1 >= 4 * m2 ? "panels" : "none");
    return c;
  }

private:
  PackedShape shape;
};

/// The shape from the packed op's loop extents: (m, n, k, p), or
/// (m, nb, n, k, p) for the blocked form.
PackedShape getPackedShape(ArrayRef<int64_t> extents) {
  if (extents.size() == 4)
    return {extents[0], extents[1], extents[2], 0};
  return {extents[0], extents[1] * extents[2], extents[3], extents[2]};
}

/// The space of cpu.contraction_bf16_dot for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateCPUContractionBF16Dot(const Sketch &sketch, const FusedGroup &group,
                                 TargetAttr target, std::string &whyNot) {
  FailureOr<SmallVector<int64_t>> extents =
      getPackedBF16DotExtents(group, target, "avx512bf16", whyNot);
  if (failed(extents))
    return nullptr;
  PackedShape shape = getPackedShape(*extents);
  if (shape.n % kLanes || shape.block % kLanes) {
    whyNot = "N = " + std::to_string(shape.n) + " (block " +
             std::to_string(shape.block) + ") is not a multiple of 16";
    return nullptr;
  }
  int64_t em = shape.m, en = shape.n, ek = shape.k;
  SmallVector<std::string> tiles;
  for (int64_t m2 : getDivisorsIn(em, 1, 16))
    for (int64_t n2 : {16, 32, 48, 64})
      if (en % n2 == 0 && m2 * (n2 / kLanes) <= kMaxAccumulators &&
          (!shape.block || n2 % shape.block == 0 || shape.block % n2 == 0))
        tiles.push_back(std::to_string(m2) + "x" + std::to_string(n2));
  if (tiles.empty()) {
    whyNot = "no register tile fits N = " + std::to_string(en) +
             " in blocks of " + std::to_string(shape.block);
    return nullptr;
  }
  SmallVector<StringRef> tileRefs(tiles.begin(), tiles.end());

  MLIRContext *ctx = group.anchor->getContext();
  SmallVector<Knob> knobs;
  knobs.push_back(makeIntKnob(ctx, "m1", KnobKind::Tile, getDivisors(em),
                              "S0: rows of M per parallel tile", em));
  SmallVector<int64_t> n1;
  for (int64_t d : getDivisors(en))
    if (d % kLanes == 0 && d % std::max<int64_t>(shape.block, 1) == 0)
      n1.push_back(d);
  knobs.push_back(makeIntKnob(ctx, "n1", KnobKind::Tile, n1,
                              "S0: columns of N per parallel tile", en));
  // A block of one pair leaves R1 without a loop to hoist out of.
  SmallVector<int64_t> k1 = getDivisorsIn(ek, std::min<int64_t>(ek, 2), ek);
  knobs.push_back(makeIntKnob(ctx, "k1", KnobKind::Tile, k1,
                              "R0: pairs of K per reduction block", ek));
  knobs.push_back(makeChoiceKnob(ctx, "tile", tileRefs,
                                 "S2: register tile, rows x columns"));
  if (!shape.block) {
    knobs.push_back(makePackKnob(
        group.anchor, /*operand=*/1, {"none", "panels"},
        "B read in place, or its k1 x n1 block copied into n2-wide panels "
        "once per block"));
  }
  return std::make_unique<BF16DotInstance>(sketch, std::move(knobs), group,
                                           shape);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUContractionBF16DotSketch() {
  SketchInfo info{
      "cpu.contraction_bf16_dot", TargetKind::cpu,
      "bf16 matmul in the packed (VNNI) form on AVX512-BF16 dot "
      "products: parallel and K-block tiling, register tiles of 1x16 "
      "pair dot products unrolled, accumulators hoisted"};
  info.operands = OperandCheck::None;
  return makeSketch(info, instantiateCPUContractionBF16Dot);
}
