//===- GPUContractionMMASketch.cpp - the gpu.contraction_mma sketch -------===//
//
// A matmul on tensor cores through PTX `mma.sync.aligned.m16n8k16`: f16 x
// f16 -> f16, f16 x f16 -> f32 and bf16 x bf16 -> f32 (the input types
// pick the instruction; A row-major, B column-major fragments):
//
//   S0  scf.forall over (M/bm, N/bn) block tiles   -> #gpu.block<y, x>
//   R0  scf.for over K/bk, A and B slices staged in shared memory (as in
//       gpu.contraction, copied by all threads of the block)
//   S1  scf.forall over (wy, wx) warps              -> #gpu.warp<y, x>
//   S2  scf.for over the warp tile in 16 x 8 x 16 steps: one linalg.matmul
//       per mma.sync, marked `tuner.mma_sync`
//
// The mark is what tuner-lower-gpu looks for after bufferization and the
// mapping to threads: upstream's `transform.nvgpu.rewrite_matmul_as_mma_sync`
// works on memrefs, at warp level, and rewrites a matmul of exactly the mma
// shape into lane-distributed loads, `nvgpu.mma.sync` and stores. The fill and
// the elementwise consumers are distributed over all threads of the block.
//
// MLIR 22's rewrite takes f16 x f16 -> f16 (m16n8k16) and f32 (as tf32,
// m16n8k4) matmuls only; tuner-gpu-map-forall rewrites the f32-accumulating
// ones itself with the same lane layout (PTX ISA, m16n8k16 fragments):
// f16 inputs to nvgpu.mma.sync (whose NVVM lowering takes f16 x f16 -> f32),
// bf16 inputs straight to nvvm.mma.sync (MLIR 22's nvgpu-to-nvvm cannot
// deduce PTX types for bf16: "failed to deduce operand PTX types"). Not
// batch or generic contractions. tf32 rounds the inputs to 10 mantissa
// bits, beyond the result check's tolerance for f32 programs, so f32
// matmuls stay on gpu.contraction.
//
//===----------------------------------------------------------------------===//

#include "SketchUtils.h"

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/TransformOps/GPUHeuristics.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The mma.sync shape for f16.
constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 16;
constexpr int64_t kWarpSize = 32;

class MMAInstance : public SketchInstance {
public:
  MMAInstance(const Sketch &sketch, SmallVector<Knob> knobs,
              const FusedGroup &group, TargetAttr target)
      : SketchInstance(sketch, std::move(knobs)), group(group), target(target) {
  }

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t bm = v.getInt("bm"), bn = v.getInt("bn"), bk = v.getInt("bk");
    auto [wy, wx] = parseShapeOption(v.getString("warps"));
    if (bm % (wy * kMmaM) || bn % (wx * kMmaN)) {
      whyNot = "each warp needs whole 16 x 8 mma tiles";
      return failure();
    }
    int64_t tiles = (bm / wy / kMmaM) * (bn / wx / kMmaN);
    if (tiles > 16) {
      whyNot = std::to_string(tiles) + " mma tiles per warp need too many "
                                       "registers";
      return failure();
    }
    int64_t threads = wy * wx * kWarpSize;
    // The fill and the consumers are split over wy x (32 wx) threads.
    if ((!group.producers.empty() || !group.consumers.empty()) &&
        bn % (wx * kWarpSize)) {
      whyNot = "the fill needs bn to be a multiple of 32 x the warp columns";
      return failure();
    }
    int64_t shared = (bm * bk + bk * bn) * 2; // f16 or bf16 inputs
    if (shared > target.getSharedMemoryPerBlock()) {
      whyNot = "the staged tiles need " + std::to_string(shared) +
               " bytes of shared memory";
      return failure();
    }
    // The cooperative copies need a thread mapping (see gpu.contraction).
    SmallVector<SmallVector<int64_t, 2>> staged = {{bm, bk}, {bk, bn}};
    for (ArrayRef<int64_t> sizes : staged) {
      transform::gpu::CopyMappingInfo mapping(
          group.anchor->getContext(), threads, /*desiredBitAlignment=*/128,
          sizes, false, /*elementalBitwidth=*/16);
      if (mapping.status == transform::gpu::CopyMappingInfo::Status::Invalid) {
        whyNot = "a staging copy has no mapping to " + std::to_string(threads) +
                 " threads";
        return failure();
      }
    }
    return success();
  }

  std::string buildScript(StringRef symName) const override {
    ScriptBuilder b(symName);
    Size bm = b.knob(getKnob("bm")), bn = b.knob(getKnob("bn")),
         bk = b.knob(getKnob("bk"));
    // linalg.matmul: loops (m, n, k).
    SmallVector<std::string> blocks = {"#gpu.block<y>", "#gpu.block<x>", ""};
    TiledGroup tiled =
        tileAndFuseGroup(b, group, {bm, bn, Size::of(0)}, blocks);
    Handle op =
        b.tileUsingFor(tiled.anchor, {Size::of(0), Size::of(0), bk}).first;
    linalg::LinalgOp anchor = group.anchor;
    Handle padded;
    SmallVector<Handle> stagePads;
    std::tie(padded, stagePads) = padInputsForStaging(b, anchor, op);

    const Knob &warps = getKnob("warps");
    b.alternatives(warps, [&](unsigned i) {
      auto [wy, wx] =
          parseShapeOption(cast<StringAttr>(warps.options[i]).getValue());
      int64_t threads = wy * wx * kWarpSize;
      stageInWorkgroupMemory(b, stagePads, threads);
      // S1: warps; S2: one matmul per mma.sync, marked for tuner-lower-gpu.
      Handle warpTile =
          b.tileUsingForall(padded, {Size::of(wy), Size::of(wx), Size::of(0)},
                            "[#gpu.warp<y>, #gpu.warp<x>]",
                            /*numThreads=*/true)
              .first;
      Handle mma = b.tileUsingFor(warpTile, {Size::of(kMmaM), Size::of(kMmaN),
                                             Size::of(kMmaK)})
                       .first;
      b.raw("transform.annotate " + mma.name + " \"" + kMmaSyncAttrName.str() +
            "\" : !transform.any_op");
      // The fill and the consumers over all threads: wy rows of 32 * wx.
      TiledGroup inRegion = tiled; // each region starts from the same handles
      distributeElementwise(
          b, inRegion, anchor,
          {Size::of(wy), Size::of(wx * kWarpSize), Size::of(0)},
          {"#gpu.thread<y>", "#gpu.thread<x>", ""}, /*vectorize=*/true);
    });
    b.applyPatterns(tiled.forall, {"canonicalization"});
    b.applyCSE(tiled.forall);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // 64 x 64 blocks of 2 x 2 warps (32 x 32 per warp, 8 mma tiles), K by
    // 32; smaller where the extents are.
    setNearest(knobs, c, "bm", largestAtMost(getIntOptions("bm"), 64));
    setNearest(knobs, c, "bn", largestAtMost(getIntOptions("bn"), 64));
    setNearest(knobs, c, "bk", largestAtMost(getIntOptions("bk"), 32));
    const Knob &warps = getKnob("warps");
    for (unsigned i = 0, e = warps.options.size(); i < e; ++i) {
      KnobChoice candidate = c;
      candidate[getKnobIndex("warps")] = i;
      std::string whyNot;
      auto [wy, wx] =
          parseShapeOption(cast<StringAttr>(warps.options[i]).getValue());
      if (wy * wx == 4 &&
          succeeded(verify(KnobValues(knobs, candidate), whyNot)))
        return candidate;
    }
    for (unsigned i = 0, e = warps.options.size(); i < e; ++i) {
      KnobChoice candidate = c;
      candidate[getKnobIndex("warps")] = i;
      std::string whyNot;
      if (succeeded(verify(KnobValues(knobs, candidate), whyNot)))
        return candidate;
    }
    return c;
  }

private:
  FusedGroup group;
  TargetAttr target;
};

/// Whether the operand types of `matmul` are an mma.sync m16n8k16 kind.
static bool isMmaSyncTypes(linalg::MatmulOp matmul) {
  if (matmul->getNumOperands() != 3)
    return false;
  Type a = getElementTypeOrSelf(matmul->getOperand(0).getType());
  Type b = getElementTypeOrSelf(matmul->getOperand(1).getType());
  Type c = getElementTypeOrSelf(matmul->getOperand(2).getType());
  if (a != b)
    return false;
  if (a.isF16())
    return c.isF16() || c.isF32();
  return a.isBF16() && c.isF32();
}

class GPUContractionMMASketch : public Sketch {
public:
  StringRef getName() const override { return "gpu.contraction_mma"; }
  StringRef getDescription() const override {
    return "an f16 or bf16 matmul (f16 or f32 results) on tensor cores: "
           "block tiles, shared-memory staging, warp tiles of 16x8x16 steps "
           "rewritten to mma.sync after bufferization";
  }
  TargetKind getTargetKind() const override { return TargetKind::cuda; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    Operation *anchor = group.anchor;
    auto matmul = dyn_cast<linalg::MatmulOp>(anchor);
    if (!matmul || !hasStaticTensorOperands(group)) {
      whyNot = "needs a linalg.matmul with static tensor operands";
      return nullptr;
    }
    if (!isMmaSyncTypes(matmul)) {
      whyNot = "tensor cores through mma.sync take f16 x f16 -> f16 or f32, "
               "bf16 x bf16 -> f32 here";
      return nullptr;
    }
    // A default (transposed-free) matmul: (m, k) x (k, n) -> (m, n).
    if (matmul.hasUserDefinedMaps()) {
      whyNot = "needs the default indexing maps";
      return nullptr;
    }
    SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
    int64_t em = extents[0], en = extents[1], ek = extents[2];
    if (em % kMmaM || en % kMmaN || ek % kMmaK) {
      whyNot = "M, N, K must be multiples of 16, 8, 16";
      return nullptr;
    }
    MLIRContext *ctx = anchor->getContext();
    ctx->getOrLoadDialect<gpu::GPUDialect>();
    auto multiples = [](int64_t extent, int64_t step, int64_t hi) {
      SmallVector<int64_t> out;
      for (int64_t d : getDivisorsIn(extent, step, hi))
        if (d % step == 0)
          out.push_back(d);
      return out;
    };
    SmallVector<Knob> knobs;
    knobs.push_back(makeIntKnob(ctx, "bm", KnobKind::Tile,
                                multiples(em, kMmaM, 256),
                                "S0: rows of M per block", em));
    knobs.push_back(makeIntKnob(ctx, "bn", KnobKind::Tile,
                                multiples(en, kMmaN, 256),
                                "S0: columns of N per block", en));
    knobs.push_back(makeIntKnob(ctx, "bk", KnobKind::Tile,
                                multiples(ek, kMmaK, 64),
                                "R0: K per shared-memory stage", ek));
    SmallVector<std::string> names;
    for (int64_t warps : {1, 2, 4, 8})
      for (int64_t wy = 1; wy <= warps; wy *= 2)
        names.push_back(std::to_string(wy) + "x" + std::to_string(warps / wy));
    SmallVector<StringRef> options(names.begin(), names.end());
    knobs.push_back(makeChoiceKnob(ctx, "warps", options,
                                   "S1: warps per block, rows x columns"));
    return std::make_unique<MMAInstance>(*this, std::move(knobs), group,
                                         target);
  }
};

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUContractionMMASketch() {
  return std::make_unique<GPUContractionMMASketch>();
}
