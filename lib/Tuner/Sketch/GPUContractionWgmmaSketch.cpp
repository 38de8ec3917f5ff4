//===- GPUContractionWgmmaSketch.cpp - the gpu.contraction_wgmma sketch ---===//
//
// A matmul on Hopper's warpgroup tensor cores (`cuda:sm_90a`): bf16 x bf16
// -> f32 and f16 x f16 -> f32 through `wgmma.mma_async` fed by TMA:
//
//   S0  scf.forall over (M/bm, N/bn) block tiles   -> #gpu.block<y, x>
//       with the fill and the elementwise consumers fused at block level;
//       the block's matmul (bm x bn x K) marked with the kernel's knobs
//   (after bufferization, tuner-gpu-wgmma-matmul)
//   S1  scf.forall over the block's wy x wx warpgroups' threads
//   R0  scf.for over K/64: TMA loads of the next tiles into `stages`
//       128-byte-swizzled shared-memory slots (an mbarrier each), wgmma
//       m64nNk16 per 64 rows of the warpgroup's (bm/wy) x (bn/wx) tile,
//       accumulators in registers
//   S2  the fill and the consumers on the accumulators, one store
//
// The kernel is built on memrefs (rewriteMatmulAsWgmmaKernel,
// Tuner/Dialect/Sched/TransformOps/WgmmaMatmul.h), hence the marks. Not yet:
// producer/consumer warp specialization, clusters and TMA multicast, TMA
// stores, partial tiles (M, N, K must be multiples of 64).
//
//===----------------------------------------------------------------------===//

#include "PipelinedMatmulInstance.h"
#include "SketchUtils.h"

#include "Tuner/Dialect/Sched/TransformOps/WgmmaMatmul.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// Rows of one wgmma, columns of one TMA box of B, threads of a warpgroup.
constexpr int64_t kWgmmaRows = 64, kBoxCols = 64, kWarpgroup = 128;

class WgmmaInstance : public PipelinedMatmulInstance {
public:
  WgmmaInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                const FusedGroup &group, TargetAttr target)
      : PipelinedMatmulInstance(
            sketch, std::move(knobs), group, target, "warpgroups",
            {kWgmmaTileKAttrName, kWgmmaStagesAttrName, kWgmmaGroupsMAttrName,
             kWgmmaGroupsNAttrName}) {}

  KnobChoice getBlockDefault() const override;
  SmallVector<KnobChoice> getSuggestions() const override;

protected:
  LogicalResult getCost(const KnobValues &v, PipelineCost &cost,
                        std::string &whyNot) const override {
    int64_t bm = v.getInt("bm"), bn = v.getInt("bn");
    if (v.getInt("bk") != kWgmmaTileK) {
      whyNot = "K tiles of 64 (one 128-byte swizzle row)";
      return failure();
    }
    auto [wy, wx] = getShape(v);
    WgmmaMatmulOptions options{wy, wx, v.getInt("stages")};
    if (failed(checkWgmmaTiles(bm, bn, k, options, whyNot)))
      return failure();
    cost.threads = wy * wx * kWarpgroup;
    cost.sharedBytes = getWgmmaSharedBytes(bm, bn, options);
    // Accumulators, descriptors and addresses must fit the register file.
    cost.registers = getWgmmaAccumulators(bm, bn, options) + 48;
    return success();
  }
};

/// Whether `arch` names Hopper's architecture-specific features (wgmma).
static bool hasWgmma(StringRef arch) { return arch == "sm_90a"; }

/// The knobs of a wgmma matmul of extents m, n, k.
static SmallVector<Knob> makeKnobs(MLIRContext *ctx, int64_t em, int64_t en,
                                   int64_t ek) {
  PipelineKnobs spec;
  spec.blockStep = kWgmmaRows;
  spec.kStep = kWgmmaTileK;
  spec.kMax = kWgmmaTileK;
  spec.shapeName = "warpgroups";
  spec.shapes = {"1x1", "2x1", "1x2", "2x2"};
  spec.shapeDoc = "S1: warpgroups per block, rows x columns";
  spec.stages = {2, 3, 4, 5, 6};
  return makePipelineKnobs(ctx, em, en, ek, spec);
}

/// The space of gpu.contraction_wgmma for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateGPUContractionWgmma(const Sketch &sketch, const FusedGroup &group,
                               TargetAttr target, std::string &whyNot) {
  if (!hasWgmma(target.getArch())) {
    whyNot = "wgmma needs target cuda:sm_90a";
    return nullptr;
  }
  // From the Operation: llvm's dyn_cast from the LinalgOp interface value
  // to an op returns a reference to a temporary (-Wreturn-stack-address),
  // which read as a matmul for a linalg.fill anchor and aborted in
  // hasUserDefinedMaps.
  Operation *anchor = group.anchor;
  auto matmul = dyn_cast<linalg::MatmulOp>(anchor);
  if (!matmul || matmul->getNumOperands() != 3 ||
      !hasStaticTensorOperands(group) || matmul.hasUserDefinedMaps()) {
    whyNot = "needs a linalg.matmul with static tensor operands and the "
             "default indexing maps";
    return nullptr;
  }
  Type a = getElementTypeOrSelf(matmul->getOperand(0).getType());
  Type b = getElementTypeOrSelf(matmul->getOperand(1).getType());
  Type c = getElementTypeOrSelf(matmul->getOperand(2).getType());
  if (a != b || !(a.isBF16() || a.isF16()) || !c.isF32()) {
    whyNot = "takes bf16 x bf16 -> f32 and f16 x f16 -> f32";
    return nullptr;
  }
  if (failed(checkKernelEpilogueGroup(group, whyNot)))
    return nullptr;
  SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
  int64_t em = extents[0], en = extents[1], ek = extents[2];
  if (em % kWgmmaRows || en % kBoxCols || ek % kWgmmaTileK) {
    whyNot = "M, N, K must be multiples of 64";
    return nullptr;
  }
  MLIRContext *ctx = matmul->getContext();
  ctx->getOrLoadDialect<gpu::GPUDialect>();
  return std::make_unique<WgmmaInstance>(sketch, makeKnobs(ctx, em, en, ek),
                                         group, target);
}

/// Block shapes, best first where the grid fills the SMs: CUTLASS's Hopper
/// tiles (128 x 256 on two warpgroups of 64 x 256, 128 x 128), then smaller
/// ones for small matmuls.
struct Shape {
  int64_t bm, bn;
  StringRef groups;
  int64_t stages;
};
constexpr Shape kShapes[] = {
    {128, 256, "2x1", 4}, {128, 128, "2x1", 5}, {128, 128, "1x1", 5},
    {64, 128, "1x1", 6},  {64, 64, "1x1", 6},
};

} // namespace

KnobChoice WgmmaInstance::getBlockDefault() const {
  std::optional<KnobChoice> fallback;
  for (const Shape &shape : kShapes) {
    std::optional<KnobChoice> c =
        getPoint(shape.bm, shape.bn, kWgmmaTileK, shape.groups, shape.stages);
    std::string whyNot;
    if (!c || failed(verify(KnobValues(knobs, *c), whyNot)))
      continue;
    if ((em / shape.bm) * (en / shape.bn) >= target.getSms())
      return *c;
    if (!fallback)
      fallback = c;
  }
  // The smallest valid block: the most blocks for a small matmul.
  if (std::optional<KnobChoice> c = getPoint(64, 64, kWgmmaTileK, "1x1", 4))
    return *c;
  return fallback ? *fallback : KnobChoice(knobs.size(), 0);
}

SmallVector<KnobChoice> WgmmaInstance::getSuggestions() const {
  SmallVector<KnobChoice> points;
  for (const Shape &shape : kShapes)
    for (int64_t stages : {shape.stages - 1, shape.stages})
      if (std::optional<KnobChoice> c =
              getPoint(shape.bm, shape.bn, kWgmmaTileK, shape.groups, stages))
        points.push_back(std::move(*c));
  if (std::optional<KnobChoice> c = getPoint(256, 128, kWgmmaTileK, "2x1", 4))
    points.push_back(std::move(*c));
  return points;
}

std::unique_ptr<Sketch> mlir::tuner::createGPUContractionWgmmaSketch() {
  SketchInfo info{
      "gpu.contraction_wgmma", TargetKind::cuda,
      "a bf16 or f16 matmul (f32 results) on Hopper's warpgroup tensor cores "
      "(cuda:sm_90a): block tiles, TMA loads into multi-stage 128-byte-"
      "swizzled shared memory with an mbarrier per stage, wgmma.mma_async "
      "from shared memory with accumulators in registers, the fill and "
      "elementwise consumers in the epilogue"};
  info.operands = OperandCheck::None;
  return makeSketch(info, instantiateGPUContractionWgmma);
}
