//===- GPUContractionSimtSketch.cpp - the gpu.contraction_simt sketch -----===//
//
// An f32 matmul on CUDA cores with the copy pipeline of gpu.contraction_mma,
// for sm_80 and later (cp.async):
//
//   S0  scf.forall over (M/bm, N/bn) block tiles   -> #gpu.block<y, x>
//       with the fill and the elementwise consumers fused at block level;
//       the block's matmul (bm x bn x K) marked with the kernel's knobs
//   (after bufferization, tuner-gpu-simt-matmul)
//   S1  scf.forall over the block's ty x tx threads
//   R0  scf.for over K/bk: cp.async of the next tiles into `stages`
//       swizzled shared-memory slots; per thread a (bm/ty) x (bn/tx)
//       register tile of FMAs fed by 16-byte shared-memory loads
//   S2  the fill and the consumers on the accumulators, one store
//
// The kernel is built on memrefs (rewriteMatmulAsSimtKernel,
// Tuner/Dialect/Sched/TransformOps/SimtMatmul.h). Tried after
// gpu.contraction, so not a default; it suggests its own points, which
// tuner-tune measures right after the default.
//
//===----------------------------------------------------------------------===//

#include "SketchUtils.h"

#include "Tuner/Dialect/Sched/TransformOps/SimtMatmul.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class SimtInstance : public SketchInstance {
public:
  SimtInstance(const Sketch &sketch, SmallVector<Knob> knobs,
               const FusedGroup &group, TargetAttr target)
      : SketchInstance(sketch, std::move(knobs)), group(group), target(target) {
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<int64_t> extents = anchor.getStaticLoopRanges();
    em = extents[0];
    en = extents[1];
    k = extents[2];
  }

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t bm = v.getInt("bm"), bn = v.getInt("bn");
    SimtMatmulOptions options = getOptions(v);
    if (failed(checkSimtTiles(bm, bn, k, options, whyNot)))
      return failure();
    int64_t threads = options.threadsM * options.threadsN;
    if (threads > target.getMaxThreadsPerBlock()) {
      whyNot = std::to_string(threads) + " threads per block";
      return failure();
    }
    int64_t shared = getSimtSharedBytes(bm, bn, options);
    if (shared > getMaxDynamicSharedMemory(target.getArch())) {
      whyNot = "the stages need " + std::to_string(shared) +
               " bytes of shared memory";
      return failure();
    }
    int64_t registers = getRegisterEstimate(bm, bn, options);
    if (threads * registers > target.getRegistersPerSm()) {
      whyNot = "about " + std::to_string(registers) +
               " registers per thread for " + std::to_string(threads) +
               " threads";
      return failure();
    }
    return success();
  }

  std::string buildScript(StringRef symName) const override {
    ScriptBuilder b(symName);
    Size bm = b.knob(getKnob("bm")), bn = b.knob(getKnob("bn")),
         bk = b.knob(getKnob("bk")), stages = b.knob(getKnob("stages"));
    SmallVector<std::string> blocks = {"#gpu.block<y>", "#gpu.block<x>", ""};
    TiledGroup tiled =
        tileAndFuseGroup(b, group, {bm, bn, Size::of(0)}, blocks);
    b.annotate(tiled.anchor, kSimtTileKAttrName, bk);
    b.annotate(tiled.anchor, kSimtStagesAttrName, stages);
    const Knob &threads = getKnob("threads");
    b.alternatives(threads, [&](unsigned i) {
      auto [ty, tx] =
          parseShapeOption(cast<StringAttr>(threads.options[i]).getValue());
      b.annotate(tiled.anchor, kSimtThreadsMAttrName, Size::of(ty));
      b.annotate(tiled.anchor, kSimtThreadsNAttrName, Size::of(tx));
    });
    b.applyPatterns(tiled.forall, {"canonicalization"});
    b.applyCSE(tiled.forall);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override;
  SmallVector<KnobChoice> getSuggestions() const override;

private:
  SimtMatmulOptions getOptions(const KnobValues &v) const {
    auto [ty, tx] = parseShapeOption(v.getString("threads"));
    return SimtMatmulOptions{ty, tx, v.getInt("bk"), v.getInt("stages")};
  }

  /// Registers per thread: ptxas keeps about two per accumulator (the next
  /// step's operands loaded early), 4 per row of A, addresses (CUDA 13:
  /// 147 to 239 for 8 x 8 tiles, 255 for 16 x 8).
  static int64_t getRegisterEstimate(int64_t bm, int64_t bn,
                                     const SimtMatmulOptions &options) {
    int64_t rows = bm / options.threadsM;
    return 2 * getSimtAccumulators(bm, bn, options) + 4 * rows + 24;
  }

  /// The point with these knob values, nullopt where one is not an option.
  std::optional<KnobChoice> getPoint(int64_t bm, int64_t bn, int64_t bk,
                                     StringRef threads, int64_t stages) const {
    KnobChoice c(knobs.size(), 0);
    std::pair<StringRef, int64_t> ints[] = {
        {"bm", bm}, {"bn", bn}, {"bk", bk}, {"stages", stages}};
    for (auto [name, value] : ints) {
      const Knob &knob = getKnob(name);
      unsigned i = knob.findNearest(value);
      if (knob.getInt(i) != value)
        return std::nullopt;
      c[getKnobIndex(name)] = i;
    }
    std::optional<unsigned> t = getKnob("threads").find(
        StringAttr::get(group.anchor->getContext(), threads));
    if (!t)
      return std::nullopt;
    c[getKnobIndex("threads")] = *t;
    return c;
  }

  FusedGroup group;
  TargetAttr target;
  /// The loop extents.
  int64_t em = 0, en = 0, k = 0;
};

class GPUContractionSimtSketch : public Sketch {
public:
  StringRef getName() const override { return "gpu.contraction_simt"; }
  StringRef getDescription() const override {
    return "an f32 matmul on CUDA cores (sm_80+): block tiles, cp.async into "
           "multi-stage swizzled shared memory, register tiles of FMAs fed "
           "by 16-byte shared-memory loads, the fill and elementwise "
           "consumers in the epilogue";
  }
  TargetKind getTargetKind() const override { return TargetKind::cuda; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    Operation *anchor = group.anchor;
    auto matmul = dyn_cast<linalg::MatmulOp>(anchor);
    if (!matmul || !hasStaticTensorOperands(group) ||
        matmul.hasUserDefinedMaps() || matmul->getNumOperands() != 3) {
      whyNot = "needs a linalg.matmul with the default indexing maps and "
               "static tensor operands";
      return nullptr;
    }
    if (!llvm::all_of(matmul->getOperandTypes(),
                      [](Type t) { return getElementTypeOrSelf(t).isF32(); })) {
      whyNot = "needs f32 x f32 -> f32";
      return nullptr;
    }
    if (getMaxDynamicSharedMemory(target.getArch()) == 0) {
      whyNot = "cp.async needs sm_80 or later";
      return nullptr;
    }
    if (failed(checkKernelEpilogueGroup(group, whyNot)))
      return nullptr;
    SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
    int64_t em = extents[0], en = extents[1], ek = extents[2];
    if (em % 8 || en % 8 || ek % 8) {
      whyNot = "M, N, K must be multiples of 8";
      return nullptr;
    }
    MLIRContext *ctx = matmul->getContext();
    ctx->getOrLoadDialect<gpu::GPUDialect>();
    return std::make_unique<SimtInstance>(*this, makeKnobs(ctx, em, en, ek),
                                          group, target);
  }

private:
  static SmallVector<Knob> makeKnobs(MLIRContext *ctx, int64_t em, int64_t en,
                                     int64_t ek) {
    auto multiples = [](int64_t extent, int64_t step, int64_t hi) {
      SmallVector<int64_t> out;
      for (int64_t d : getDivisorsIn(extent, step, hi))
        if (d % step == 0)
          out.push_back(d);
      return out;
    };
    SmallVector<Knob> knobs;
    knobs.push_back(makeIntKnob(ctx, "bm", KnobKind::Tile,
                                multiples(em, 8, 256),
                                "S0: rows of M per block", em));
    knobs.push_back(makeIntKnob(ctx, "bn", KnobKind::Tile,
                                multiples(en, 8, 256),
                                "S0: columns of N per block", en));
    knobs.push_back(makeIntKnob(ctx, "bk", KnobKind::Tile, multiples(ek, 8, 64),
                                "R0: K per shared-memory stage", ek));
    // 64 to 256 threads, powers of two on each side.
    SmallVector<std::string> names;
    for (int64_t threads : {64, 128, 256})
      for (int64_t ty = 1; ty <= threads; ty *= 2)
        names.push_back(std::to_string(ty) + "x" +
                        std::to_string(threads / ty));
    SmallVector<StringRef> options(names.begin(), names.end());
    knobs.push_back(makeChoiceKnob(ctx, "threads", options,
                                   "S1: threads per block, rows x columns"));
    knobs.push_back(makeIntKnob(ctx, "stages", KnobKind::Tile, {2, 3, 4},
                                "R0: K tiles in flight in shared memory"));
    return knobs;
  }
};

} // namespace

KnobChoice SimtInstance::getHeuristicDefault() const {
  // 128 x 128 blocks of 16 x 16 threads (8 x 8 per thread), K by 16, 3
  // stages (48 KiB); smaller blocks where the grid would not fill the SMs
  // once.
  SmallVector<int64_t> bms = getIntOptions("bm"), bns = getIntOptions("bn");
  int64_t bm = largestAtMost(bms, 128), bn = largestAtMost(bns, 128);
  while ((em / bm) * (en / bn) < target.getSms()) {
    int64_t &side = bn >= bm ? bn : bm;
    SmallVector<int64_t> &sides = bn >= bm ? bns : bms;
    int64_t smaller = largestAtMost(sides, side / 2);
    if (smaller < 32 || smaller >= side)
      break;
    side = smaller;
  }
  KnobChoice c(knobs.size(), 0);
  setNearest(knobs, c, "bm", bm);
  setNearest(knobs, c, "bn", bn);
  setNearest(knobs, c, "bk", largestAtMost(getIntOptions("bk"), 16));
  setNearest(knobs, c, "stages", 3);
  // The block shape whose thread tile is nearest 8 x 8, most threads first.
  const Knob &threads = getKnob("threads");
  std::optional<KnobChoice> best;
  int64_t bestScore = INT64_MIN;
  for (unsigned i = 0, e = threads.options.size(); i < e; ++i) {
    KnobChoice candidate = c;
    candidate[getKnobIndex("threads")] = i;
    std::string whyNot;
    if (failed(verify(KnobValues(knobs, candidate), whyNot)))
      continue;
    auto [ty, tx] =
        parseShapeOption(cast<StringAttr>(threads.options[i]).getValue());
    int64_t tm = bm / ty, tn = bn / tx;
    int64_t score = -std::abs(tm - 8) * 100 - std::abs(tn - 8) * 100 + ty * tx;
    if (score > bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best.value_or(c);
}

SmallVector<KnobChoice> SimtInstance::getSuggestions() const {
  // Its own default (the sketch is not the task's first), then the
  // classic SGEMM tiles: 8 x 8 per thread with K by 8 and 4 stages, 128 x
  // 64 and 64 x 64 blocks, K by 32 in 2 stages.
  SmallVector<KnobChoice> points = {getDefault()};
  struct Shape {
    int64_t bm, bn, bk;
    StringRef threads;
    int64_t stages;
  };
  Shape shapes[] = {{128, 128, 8, "16x16", 4},
                    {128, 64, 16, "16x8", 3},
                    {64, 64, 16, "8x8", 3},
                    {128, 128, 32, "16x16", 2}};
  for (const Shape &shape : shapes)
    if (std::optional<KnobChoice> c =
            getPoint(shape.bm, shape.bn, shape.bk, shape.threads, shape.stages))
      points.push_back(std::move(*c));
  return points;
}

std::unique_ptr<Sketch> mlir::tuner::createGPUContractionSimtSketch() {
  return std::make_unique<GPUContractionSimtSketch>();
}
