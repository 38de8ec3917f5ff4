//===- CPUContractionAMXSketch.cpp - the cpu.contraction_amx sketch -------===//
//
// bf16 matmuls on AMX tiles (Intel AMX-BF16: tdpbf16ps multiplies a 16x32
// bf16 A tile by a 16x32 B tile in K pairs into a 16x16 f32 C tile). The
// op is the packed form tuner-pack-bf16-dot writes (A[m, k, p], B[k, n, p],
// p the pair), whose 16-row, 16-pair blocks are exactly AMX tiles:
//
//   S0  scf.forall over (M/m1, N/n1) tiles, fill and consumers fused
//   R0  scf.for over K/2 in blocks of k1 pairs
//   S1  scf.for over blocks of mt x nt C tiles of 16 x 16
//   R1  scf.for over the block's pairs, 16 at a time
//   S2  mt x nt contractions of 16x16x(16x2), unrolled; each one
//       tdpbf16ps on the block's C tiles, which R1 carries
//
// The block of C tiles (knob `tiles`, a choice so that its loops unroll by
// constants) gives the core independent tile products to overlap. It holds
// at most 4 C tiles: with the A and B tiles of one step (2x2 keeps two of
// each) that fills the 8 tile registers; 2x4 spilled and ran 1.33x slower
// than 2x2 on 1024^3.
//
// tuner-lower-cpu (for a target with amx-bf16) turns each contraction into
// AMX operations with upstream's convert-vector-to-amx, then
// tuner-hoist-amx-tiles keeps the block's C tiles in tile registers across
// R1 (loaded before it, stored after it) and loads each A and B tile of a
// step once. On a Sapphire Rapids-class Xeon (2 cores) 1024^3 went from
// 2.70 ms (C through memory every step, 1x4) to 1.27 ms (2x2).
//
// Applies only to targets whose features list amx-bf16.
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"
#include "SketchUtils.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {
/// Rows and pairs of an AMX bf16 tile.
constexpr int64_t kTile = 16;

/// Divisors of `n` that are multiples of `step`.
SmallVector<int64_t> getMultipleDivisors(int64_t n, int64_t step) {
  SmallVector<int64_t> result;
  for (int64_t d : getDivisors(n))
    if (d % step == 0)
      result.push_back(d);
  return result;
}

class AMXInstance : public SketchInstanceBase {
public:
  AMXInstance(const Sketch &sketch, SmallVector<Knob> knobs,
              const FusedGroup &group, SmallVector<int64_t> extents,
              TargetAttr target)
      : SketchInstanceBase(sketch, std::move(knobs), group, target),
        extents(std::move(extents)) {}

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    Size m1 = b.knob(getKnob("m1")), n1 = b.knob(getKnob("n1")),
         k1 = b.knob(getKnob("k1"));
    Size zero = Size::of(0), tile = Size::of(kTile);
    TiledGroup tiled = tileAndFuseGroup(b, group, {m1, n1, zero, zero});
    Handle op = b.tileUsingFor(tiled.anchor, {zero, zero, k1, zero}).first;
    vectorizeElementwise(b, tiled, group, {tile, tile, zero, zero},
                         PartialTiles::None);
    const Knob &tiles = getKnob("tiles");
    b.alternatives(tiles, [&](unsigned i) {
      auto [mt, nt] = parseShapeOption(cast<StringAttr>(tiles.options[i]).getValue());
      Handle block = b.tileUsingFor(op, {Size::of(mt * kTile),
                                         Size::of(nt * kTile), zero, zero})
                         .first;
      Handle step = b.tileUsingFor(block, {zero, zero, tile, zero}).first;
      auto [dot, loops] = b.tileUsingFor(step, {tile, tile, zero, zero});
      b.vectorize(dot, /*namedContraction=*/true);
      if (nt > 1)
        b.unrollLoop(loops[1], nt);
      if (mt > 1)
        b.unrollLoop(loops[0], mt);
    });
    b.applyPatterns(tiled.forall,
                    {"vector.transfer_permutation_patterns",
                     "vector.reduction_to_contract",
                     "vector.fold_arith_extension", "canonicalization"});
    return b.finish();
  }

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    auto [mt, nt] = parseShapeOption(v.getString("tiles"));
    if (v.getInt("m1") % (mt * kTile) || v.getInt("n1") % (nt * kTile)) {
      whyNot = "the block of C tiles must divide the parallel tile";
      return failure();
    }
    return success();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    int64_t em = extents[0], en = extents[1];
    // Parallel tiles: up to 256 x 256 with room for 2x2 blocks, split until
    // every core has one.
    auto pick = [&](StringRef name) {
      SmallVector<int64_t> even;
      for (int64_t v : getIntOptions(name))
        if (v % (2 * kTile) == 0)
          even.push_back(v);
      return largestAtMost(even.empty() ? getIntOptions(name) : even, 256);
    };
    int64_t m1 = pick("m1"), n1 = pick("n1");
    while ((em / m1) * (en / n1) < target.getCores() && m1 > kTile &&
           em % (m1 / 2) == 0 && (m1 / 2) % kTile == 0)
      m1 /= 2;
    setNearest(knobs, c, "m1", m1);
    setNearest(knobs, c, "n1", n1);
    setNearest(knobs, c, "k1", 256);
    // The largest block that fits the parallel tile, square first.
    for (StringRef block : {"1x1", "2x1", "1x2", "4x1", "1x4", "2x2"}) {
      auto [mt, nt] = parseShapeOption(block);
      if (m1 % (mt * kTile) == 0 && n1 % (nt * kTile) == 0)
        setChoice(knobs, c, "tiles", block);
    }
    return c;
  }

private:
  SmallVector<int64_t> extents;
};

/// The space of cpu.contraction_amx for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateCPUContractionAMX(const Sketch &sketch, const FusedGroup &group,
                             TargetAttr target, std::string &whyNot) {
  FailureOr<SmallVector<int64_t>> extents =
      getPackedBF16DotExtents(group, target, "amx-bf16", whyNot);
  if (failed(extents))
    return nullptr;
  if (isBlockedBF16Dot(group.anchor)) {
    whyNot = "needs B as [K/2, N, 2], not in blocks of columns";
    return nullptr;
  }
  int64_t em = (*extents)[0], en = (*extents)[1], ek = (*extents)[2];
  if (em % kTile || en % kTile || ek % kTile) {
    whyNot = "M, N and K/2 must be multiples of 16 (AMX tiles)";
    return nullptr;
  }
  MLIRContext *ctx = group.anchor->getContext();
  SmallVector<Knob> knobs;
  knobs.push_back(makeIntKnob(ctx, "m1", KnobKind::Tile,
                              getMultipleDivisors(em, kTile),
                              "S0: rows of M per parallel tile", em));
  knobs.push_back(makeIntKnob(ctx, "n1", KnobKind::Tile,
                              getMultipleDivisors(en, kTile),
                              "S0: columns of N per parallel tile", en));
  knobs.push_back(makeIntKnob(ctx, "k1", KnobKind::Tile,
                              getMultipleDivisors(ek, kTile),
                              "R0: pairs of K per reduction block", ek));
  // Blocks of at most 4 C tiles (with a step's A and B tiles, the 8 tile
  // registers).
  SmallVector<std::string> blocks;
  for (int64_t mt : {1, 2, 4})
    for (int64_t nt : {1, 2, 4})
      if (mt * nt <= 4 && em % (mt * kTile) == 0 && en % (nt * kTile) == 0)
        blocks.push_back(std::to_string(mt) + "x" + std::to_string(nt));
  SmallVector<StringRef> blockRefs(blocks.begin(), blocks.end());
  knobs.push_back(makeChoiceKnob(ctx, "tiles", blockRefs,
                                 "S1: block of C tiles, rows x columns"));
  return std::make_unique<AMXInstance>(sketch, std::move(knobs), group,
                                       std::move(*extents), target);
}
} // namespace

std::unique_ptr<Sketch> mlir::tuner::createCPUContractionAMXSketch() {
  SketchInfo info{
      "cpu.contraction_amx", TargetKind::cpu,
      "bf16 matmul in the packed (VNNI) form on AMX tiles: parallel "
      "and K-block tiling, 16x16 f32 C tiles, 16-pair steps, each step "
      "one tdpbf16ps"};
  info.operands = OperandCheck::None;
  return makeSketch(info, instantiateCPUContractionAMX);
}
