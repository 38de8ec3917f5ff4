//===- GPUContractionSimtSketch.cpp - the gpu.contraction_simt sketch -----===//
//
// An f32 matmul (or batch matmul, a batch per block along z) on CUDA cores
// with the copy pipeline of gpu.contraction_mma, for sm_80 and later
// (cp.async):
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
// Tuner/Dialect/Sched/TransformOps/SimtMatmul.h). The default where 128 x
// 128 blocks fill the SMs (isPreferred), else tried after gpu.contraction;
// it suggests its own points, which tuner-tune measures right after the
// default.
//
//===----------------------------------------------------------------------===//

#include "PipelinedMatmulInstance.h"
#include "SketchUtils.h"

#include "Tuner/Dialect/Sched/TransformOps/SimtMatmul.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class SimtInstance : public PipelinedMatmulInstance {
public:
  SimtInstance(const Sketch &sketch, SmallVector<Knob> knobs,
               const FusedGroup &group, TargetAttr target)
      : PipelinedMatmulInstance(
            sketch, std::move(knobs), group, target, "threads",
            {kSimtTileKAttrName, kSimtStagesAttrName, kSimtThreadsMAttrName,
             kSimtThreadsNAttrName}) {}

  KnobChoice getBlockDefault() const override;
  SmallVector<KnobChoice> getSuggestions() const override;

  /// The default where 128 x 128 blocks divide the result and fill the
  /// SMs at least once: at 4096^3 on an H100 the best of this sketch took
  /// 3.17 ms (0.83x cuBLAS's SGEMM), gpu.contraction's default 5.51 ms
  /// (bench/gpu_tc.py, docs/results.md). Smaller grids keep
  /// gpu.contraction's default, whose blocks shrink to cover the SMs.
  /// A target that allows tf32 prefers gpu.contraction_mma's tensor cores.
  /// Batch matmuls (their K often a head's 64) keep gpu.contraction's
  /// default: this kernel has not been measured on them.
  bool isPreferred() const override {
    return !batched && !target.hasFeature("tf32") && em % kLargeTile == 0 &&
           en % kLargeTile == 0 &&
           (em / kLargeTile) * (en / kLargeTile) >= target.getSms();
  }

private:
  static constexpr int64_t kLargeTile = 128;

protected:
  LogicalResult getCost(const KnobValues &v, PipelineCost &cost,
                        std::string &whyNot) const override {
    int64_t bm = v.getInt("bm"), bn = v.getInt("bn");
    SimtMatmulOptions options = getOptions(v);
    if (failed(checkSimtTiles(bm, bn, getBlockK(v), options, whyNot)))
      return failure();
    cost.threads = options.threadsM * options.threadsN;
    cost.sharedBytes = getSimtSharedBytes(bm, bn, options);
    cost.registers = getRegisterEstimate(bm, bn, options);
    return success();
  }

private:
  SimtMatmulOptions getOptions(const KnobValues &v) const {
    auto [ty, tx] = getShape(v);
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
};

/// The knobs of a SIMT matmul of extents m, n, k.
static SmallVector<Knob> makeKnobs(MLIRContext *ctx, int64_t em, int64_t en,
                                   int64_t ek, bool batched) {
  PipelineKnobs spec;
  spec.shapeName = "threads";
  // 64 to 256 threads, powers of two on each side.
  for (int64_t threads : {64, 128, 256})
    for (int64_t ty = 1; ty <= threads; ty *= 2)
      spec.shapes.push_back(std::to_string(ty) + "x" +
                            std::to_string(threads / ty));
  spec.shapeDoc = "S1: threads per block, rows x columns";
  spec.stages = {2, 3, 4};
  // A batch matmul's blocks have their z for the batch.
  spec.splitK = !batched;
  return makePipelineKnobs(ctx, em, en, ek, spec);
}

/// The space of gpu.contraction_simt for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateGPUContractionSimt(const Sketch &sketch, const FusedGroup &group,
                              TargetAttr target, std::string &whyNot) {
  Operation *anchor = group.anchor;
  auto extents = getPipelinedMatmulExtents(group, whyNot);
  if (failed(extents))
    return nullptr;
  if (!llvm::all_of(anchor->getOperandTypes(),
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
  auto [batch, em, en, ek] = *extents;
  if (em % 8 || en % 8 || ek % 8) {
    whyNot = "M, N, K must be multiples of 8";
    return nullptr;
  }
  MLIRContext *ctx = anchor->getContext();
  ctx->getOrLoadDialect<gpu::GPUDialect>();
  return std::make_unique<SimtInstance>(
      sketch, makeKnobs(ctx, em, en, ek, isa<linalg::BatchMatmulOp>(anchor)),
      group, target);
}

} // namespace

KnobChoice SimtInstance::getBlockDefault() const {
  // 128 x 128 blocks of 16 x 16 threads (8 x 8 per thread), K by 16, 3
  // stages (48 KiB); smaller blocks where the grid would not fill the SMs
  // once.
  SmallVector<int64_t> bms = getIntOptions("bm"), bns = getIntOptions("bn");
  int64_t bm = largestAtMost(bms, 128), bn = largestAtMost(bns, 128);
  while (batch * (em / bm) * (en / bn) < target.getSms()) {
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
  // As preferred: K by 32 in 2 stages (64 KiB), the best point measured at
  // 4096^3; else K by 16 in 3 stages (48 KiB).
  bool large = isPreferred() && llvm::is_contained(getIntOptions("bk"), 32);
  setNearest(knobs, c, "bk",
             large ? 32 : largestAtMost(getIntOptions("bk"), 16));
  setNearest(knobs, c, "stages", large ? 2 : 3);
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
  return withSplitVariants(points);
}

std::unique_ptr<Sketch> mlir::tuner::createGPUContractionSimtSketch() {
  SketchInfo info{
      "gpu.contraction_simt", TargetKind::cuda,
      "an f32 matmul on CUDA cores (sm_80+): block tiles, cp.async into "
      "multi-stage swizzled shared memory, register tiles of FMAs fed "
      "by 16-byte shared-memory loads, the fill and elementwise "
      "consumers in the epilogue"};
  info.operands = OperandCheck::None;
  return makeSketch(info, instantiateGPUContractionSimt);
}
