//===- GPUContractionMMASketch.cpp - the gpu.contraction_mma sketch -------===//
//
// A matmul on tensor cores through PTX `mma.sync.aligned.m16n8k16`: f16 x
// f16 -> f16, f16 x f16 -> f32 and bf16 x bf16 -> f32 (the input types
// pick the instruction), and f32 x f32 -> f32 through `m16n8k8.tf32` where
// the target allows tf32 (`cuda:sm_XY:tf32`), for sm_80 and later
// (cp.async):
//
//   S0  scf.forall over (M/bm, N/bn) block tiles   -> #gpu.block<y, x>
//       with the fill and the elementwise consumers fused at block level;
//       the block's matmul (bm x bn x K) marked with the kernel's knobs
//   (after bufferization, tuner-gpu-tensor-core-matmul)
//   S1  scf.forall over the block's wy x wx warps' threads
//   R0  scf.for over K/bk: cp.async of the next tiles into `stages`
//       swizzled shared-memory slots, ldmatrix, mma.sync per 16 x 8 tile of
//       the warp's (bm/wy) x (bn/wx) tile, accumulators in registers
//   S2  the fill and the consumers on the accumulators, one store
//
// The kernel is built on memrefs (rewriteMatmulAsTensorCoreKernel,
// Tuner/Transforms/TensorCoreMatmul.h), hence the marks: the script runs on
// tensors. A linalg.batch_matmul takes one batch per block along z (the
// block's tile made a 2-D matmul: sched.rank_reduce_to_matmul). Not generic
// contractions, not transposed operands.
// tf32 rounds the inputs to 10 mantissa bits, beyond the result check's
// tolerance for f32 programs: only an opted-in target (its `tf32` feature,
// checked with tf32's tolerance) sends f32 matmuls here.
//
//===----------------------------------------------------------------------===//

#include "PipelinedMatmulInstance.h"
#include "SketchUtils.h"

#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The smallest warp tile along M and N (ldmatrix.x4 loads 16 columns of B).
constexpr int64_t kFragment = 16;

/// The K of mma.sync for `elementBytes`-byte inputs: 16, or 8 for tf32.
static int64_t getMmaK(int64_t elementBytes) {
  return elementBytes == 4 ? 8 : 16;
}
constexpr int64_t kWarpSize = 32;

class MMAInstance : public PipelinedMatmulInstance {
public:
  MMAInstance(const Sketch &sketch, SmallVector<Knob> knobs,
              const FusedGroup &group, TargetAttr target)
      : PipelinedMatmulInstance(
            sketch, std::move(knobs), group, target, "warps",
            {kTensorCoreTileKAttrName, kTensorCoreStagesAttrName,
             kTensorCoreWarpsMAttrName, kTensorCoreWarpsNAttrName}) {
    elementBytes = getElementTypeOrSelf(group.anchor->getOperand(0).getType())
                       .getIntOrFloatBitWidth() /
                   8;
  }

  KnobChoice getBlockDefault() const override;
  SmallVector<KnobChoice> getSuggestions() const override;

protected:
  LogicalResult getCost(const KnobValues &v, PipelineCost &cost,
                        std::string &whyNot) const override {
    int64_t bm = v.getInt("bm"), bn = v.getInt("bn");
    TensorCoreMatmulOptions options = getOptions(v);
    auto [wy, wx] = getShape(v);
    if (failed(checkTensorCoreTiles(bm, bn, getBlockK(v), options, whyNot,
                                    elementBytes)))
      return failure();
    cost.threads = options.warpsM * options.warpsN * kWarpSize;
    cost.sharedBytes = getTensorCoreSharedBytes(bm, bn, options, elementBytes);
    // Accumulators, fragments and addresses must fit the register file.
    cost.registers = getTensorCoreAccumulators(bm, bn, options) + 64;
    if (elementBytes == 4) {
      // tf32: A's and B's fragments are f32 registers and their tf32
      // conversions (B read one element at a time). 64 x 64 warp tiles
      // spilled (255 registers, ptxas -arch=sm_90).
      int64_t fragmentsM = bm / wy / 16, tilesN = bn / wx / 8;
      cost.registers += 8 * fragmentsM + 4 * tilesN;
      if (cost.registers > 255) {
        whyNot = "about " + std::to_string(cost.registers) +
                 " registers per thread for tf32 fragments";
        return failure();
      }
    }
    return success();
  }

private:
  TensorCoreMatmulOptions getOptions(const KnobValues &v) const {
    auto [wy, wx] = getShape(v);
    return TensorCoreMatmulOptions{wy, wx, v.getInt("bk"), v.getInt("stages")};
  }

  /// The input element size.
  int64_t elementBytes = 2;
};

} // namespace

/// Whether the operand types of `matmul` (a linalg.matmul or
/// linalg.batch_matmul) are an mma.sync kind on `target`:
/// m16n8k16 for f16 and bf16, m16n8k8.tf32 for f32 where the target allows
/// tf32.
static bool isMmaSyncTypes(Operation *matmul, TargetAttr target) {
  if (matmul->getNumOperands() != 3)
    return false;
  Type a = getElementTypeOrSelf(matmul->getOperand(0).getType());
  Type b = getElementTypeOrSelf(matmul->getOperand(1).getType());
  Type c = getElementTypeOrSelf(matmul->getOperand(2).getType());
  if (a != b)
    return false;
  if (a.isF16())
    return c.isF16() || c.isF32();
  if (a.isF32())
    return c.isF32() && target.hasFeature("tf32");
  return a.isBF16() && c.isF32();
}

namespace {

/// The knobs of a tensor-core matmul of extents m, n, k and the K of its
/// mma.sync.
static SmallVector<Knob> makeKnobs(MLIRContext *ctx, int64_t em, int64_t en,
                                   int64_t ek, int64_t mmaK, bool batched) {
  PipelineKnobs spec;
  spec.blockStep = kFragment;
  spec.kStep = mmaK;
  spec.kMax = 128;
  spec.shapeName = "warps";
  for (int64_t warps : {1, 2, 4, 8})
    for (int64_t wy = 1; wy <= warps; wy *= 2)
      spec.shapes.push_back(std::to_string(wy) + "x" +
                            std::to_string(warps / wy));
  spec.shapeDoc = "S1: warps per block, rows x columns";
  spec.stages = {2, 3, 4, 5};
  // Configs from before the pipelined kernel had one stage.
  spec.stagesAbsentFirst = true;
  // A batch matmul's blocks have their z for the batch.
  spec.splitK = !batched;
  return makePipelineKnobs(ctx, em, en, ek, spec);
}

/// The space of gpu.contraction_mma for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateGPUContractionMMA(const Sketch &sketch, const FusedGroup &group,
                             TargetAttr target, std::string &whyNot) {
  Operation *anchor = group.anchor;
  auto extents = getPipelinedMatmulExtents(group, whyNot);
  if (failed(extents))
    return nullptr;
  if (!isMmaSyncTypes(anchor, target)) {
    whyNot = "tensor cores through mma.sync take f16 x f16 -> f16 or f32, "
             "bf16 x bf16 -> f32 here, and f32 x f32 -> f32 as tf32 with "
             "target cuda:<chip>:tf32";
    return nullptr;
  }
  if (getMaxDynamicSharedMemory(target.getArch()) == 0) {
    whyNot = "cp.async and bf16 mma.sync need sm_80 or later";
    return nullptr;
  }
  if (failed(checkKernelEpilogueGroup(group, whyNot)))
    return nullptr;
  auto [batch, em, en, ek] = *extents;
  int64_t mmaK = getMmaK(getElementTypeOrSelf(anchor->getOperand(0).getType())
                             .getIntOrFloatBitWidth() /
                         8);
  if (em % kFragment || en % kFragment || ek % mmaK) {
    whyNot = "M and N must be multiples of 16, K of " + std::to_string(mmaK);
    return nullptr;
  }
  MLIRContext *ctx = anchor->getContext();
  ctx->getOrLoadDialect<gpu::GPUDialect>();
  return std::make_unique<MMAInstance>(
      sketch,
      makeKnobs(ctx, em, en, ek, mmaK, isa<linalg::BatchMatmulOp>(anchor)),
      group, target);
}

} // namespace

KnobChoice MMAInstance::getBlockDefault() const {
  KnobChoice c(knobs.size(), 0);
  SmallVector<int64_t> bms = getIntOptions("bm"), bns = getIntOptions("bn");
  // 128 x 128 blocks (64 x 64 per warp), K by 32, 4 stages; smaller blocks
  // where the grid would not fill the SMs once (a 32-row LLaMA projection:
  // 32 x 64 blocks).
  int64_t bm = largestAtMost(bms, 128), bn = largestAtMost(bns, 128);
  auto blocks = [&] { return batch * (em / bm) * (en / bn); };
  while (blocks() < target.getSms()) {
    int64_t &side = bn >= bm ? bn : bm;
    SmallVector<int64_t> &sides = bn >= bm ? bns : bms;
    int64_t smaller = largestAtMost(sides, side / 2);
    if (smaller < 32 || smaller >= side)
      break;
    side = smaller;
  }
  setNearest(knobs, c, "bm", bm);
  setNearest(knobs, c, "bn", bn);
  setNearest(knobs, c, "bk", largestAtMost(getIntOptions("bk"), 32));
  setNearest(knobs, c, "stages", 4);
  // Four warps where their tiles are whole fragments, squarest first; then
  // fewer stages, then any valid number of warps.
  const Knob &warps = getKnob("warps");
  std::optional<KnobChoice> best;
  int64_t bestScore = INT64_MIN;
  for (int64_t stages : {4, 3, 2}) {
    for (unsigned i = 0, e = warps.options.size(); i < e; ++i) {
      KnobChoice candidate = c;
      candidate[getKnobIndex("warps")] = i;
      setNearest(knobs, candidate, "stages", stages);
      std::string whyNot;
      if (failed(verify(KnobValues(knobs, candidate), whyNot)))
        continue;
      auto [wy, wx] =
          parseShapeOption(cast<StringAttr>(warps.options[i]).getValue());
      int64_t score =
          (wy * wx == 4 ? 1000 : wy * wx * 10) - std::abs(bm / wy - bn / wx);
      if (score > bestScore) {
        bestScore = score;
        best = candidate;
      }
    }
    if (best)
      return *best;
  }
  return c;
}

SmallVector<KnobChoice> MMAInstance::getSuggestions() const {
  struct Shape {
    int64_t bm, bn, bk;
    StringRef warps;
    int64_t stages;
  };
  SmallVector<Shape> shapes;
  if (em >= 256 && en >= 256) {
    // CUTLASS's sm_80 tiles: 64 x 64 per warp on 128 x 256 blocks (less
    // L2 traffic per FLOP), deeper K tiles (fewer barriers), 8 warps of
    // 64 x 32.
    shapes = {{128, 256, 32, "2x4", 4}, {256, 128, 32, "4x2", 4},
              {128, 128, 64, "2x2", 3}, {128, 256, 64, "2x4", 3},
              {128, 128, 32, "2x4", 4}, {128, 128, 32, "2x2", 5}};
  } else {
    // Few rows (a projection of a few tokens): B streams once, bandwidth
    // needs copies in flight: deeper K tiles, more stages, wider or
    // narrower column blocks.
    KnobChoice d = getDefault();
    int64_t bm = getKnob("bm").getInt(d[getKnobIndex("bm")]);
    shapes = {{bm, 64, 64, "1x2", 4},  {bm, 128, 64, "1x4", 4},
              {bm, 64, 128, "1x4", 3}, {bm, 32, 64, "1x2", 4},
              {bm, 64, 32, "1x4", 5},  {bm, 128, 32, "2x2", 4}};
  }
  SmallVector<KnobChoice> points;
  for (const Shape &shape : shapes)
    if (std::optional<KnobChoice> c =
            getPoint(shape.bm, shape.bn, shape.bk, shape.warps, shape.stages))
      points.push_back(std::move(*c));
  return withSplitVariants(points);
}

std::unique_ptr<Sketch> mlir::tuner::createGPUContractionMMASketch() {
  SketchInfo info{
      "gpu.contraction_mma", TargetKind::cuda,
      "an f16 or bf16 matmul (f16 or f32 results), or f32 as tf32 where the "
      "target allows it (cuda:<chip>:tf32), on tensor cores "
      "(sm_80+): block tiles, cp.async into multi-stage swizzled shared "
      "memory, ldmatrix, mma.sync with accumulators in registers, the "
      "fill and elementwise consumers in the epilogue"};
  info.operands = OperandCheck::None;
  return makeSketch(info, instantiateGPUContractionMMA);
}
