//===- PipelinedMatmulInstance.cpp - pipelined GPU matmul spaces ----------===//
//
// The knobs, the checks and the script that gpu.contraction_mma and
// gpu.contraction_simt share (PipelinedMatmulInstance.h).
//
//===----------------------------------------------------------------------===//

#include "PipelinedMatmulInstance.h"

#include "SketchUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

SmallVector<Knob>
mlir::tuner::detail::makePipelineKnobs(MLIRContext *ctx, int64_t m, int64_t n,
                                       int64_t k, const PipelineKnobs &spec) {
  auto multiples = [](int64_t extent, int64_t step, int64_t hi) {
    SmallVector<int64_t> out;
    for (int64_t d : getDivisorsIn(extent, step, hi))
      if (d % step == 0)
        out.push_back(d);
    return out;
  };
  SmallVector<Knob> knobs;
  knobs.push_back(makeIntKnob(ctx, "bm", KnobKind::Tile,
                              multiples(m, spec.blockStep, 256),
                              "S0: rows of M per block", m));
  knobs.push_back(makeIntKnob(ctx, "bn", KnobKind::Tile,
                              multiples(n, spec.blockStep, 256),
                              "S0: columns of N per block", n));
  knobs.push_back(makeIntKnob(ctx, "bk", KnobKind::Tile,
                              multiples(k, spec.kStep, spec.kMax),
                              "R0: K per shared-memory stage", k));
  SmallVector<StringRef> options(spec.shapes.begin(), spec.shapes.end());
  knobs.push_back(makeChoiceKnob(ctx, spec.shapeName, options, spec.shapeDoc));
  Knob stages = makeIntKnob(ctx, "stages", KnobKind::Tile, spec.stages,
                            "R0: K tiles in flight in shared memory");
  if (spec.stagesAbsentFirst)
    stages.absentOption = 0;
  knobs.push_back(std::move(stages));
  // Configs from before the knob: blocks in launch order.
  Knob raster = makeIntKnob(ctx, "raster", KnobKind::Tile, kRasterGroups,
                            "S0: block rows per group of the block order "
                            "(1: launch order, columns fastest)");
  raster.isAlternatives = true;
  raster.absentOption = 0;
  knobs.push_back(std::move(raster));
  return knobs;
}

PipelinedMatmulInstance::PipelinedMatmulInstance(
    const Sketch &sketch, SmallVector<Knob> knobs, const FusedGroup &group,
    sched::TargetAttr target, StringRef shapeKnob, PipelineMarks marks)
    : SketchInstanceBase(sketch, std::move(knobs), group, target),
      shapeKnob(shapeKnob), marks(marks) {
  SmallVector<int64_t> extents =
      linalg::LinalgOp(group.anchor).getStaticLoopRanges();
  em = extents[0];
  en = extents[1];
  k = extents[2];
}

LogicalResult PipelinedMatmulInstance::verify(const KnobValues &v,
                                              std::string &whyNot) const {
  PipelineCost cost;
  if (failed(getCost(v, cost, whyNot)))
    return failure();
  if (cost.threads > target.getMaxThreadsPerBlock()) {
    whyNot = std::to_string(cost.threads) + " threads per block";
    return failure();
  }
  if (cost.sharedBytes > getMaxDynamicSharedMemory(target.getArch())) {
    whyNot = "the stages need " + std::to_string(cost.sharedBytes) +
             " bytes of shared memory";
    return failure();
  }
  if (cost.threads * cost.registers > target.getRegistersPerSm()) {
    whyNot = "about " + std::to_string(cost.registers) +
             " registers per thread for " + std::to_string(cost.threads) +
             " threads";
    return failure();
  }
  return success();
}

void PipelinedMatmulInstance::setDefaultRaster(KnobChoice &c) const {
  KnobValues v(knobs, c);
  int64_t rows = em / v.getInt("bm"), columns = en / v.getInt("bn");
  bool large = rows >= 16 && rows * columns > target.getSms();
  setNearest(knobs, c, "raster", large ? 8 : 1);
}

KnobChoice PipelinedMatmulInstance::getHeuristicDefault() const {
  KnobChoice c = getBlockDefault();
  setDefaultRaster(c);
  return c;
}

OwningOpRef<ModuleOp>
PipelinedMatmulInstance::buildScript(MLIRContext *ctx,
                                     StringRef symName) const {
  ScriptBuilder b(ctx, symName);
  Size bm = b.knob(getKnob("bm")), bn = b.knob(getKnob("bn")),
       bk = b.knob(getKnob("bk")), stages = b.knob(getKnob("stages"));
  // linalg.matmul: loops (m, n, k).
  SmallVector<Attribute> blocks = {blockDim(ctx, gpu::MappingId::DimY),
                                   blockDim(ctx, gpu::MappingId::DimX),
                                   Attribute()};
  TiledGroup tiled = tileAndFuseGroup(b, group, {bm, bn, Size::of(0)}, blocks);
  b.annotate(tiled.anchor, marks.tileK, bk);
  b.annotate(tiled.anchor, marks.stages, stages);
  const Knob &shape = getKnob(shapeKnob);
  b.alternatives(shape, [&](unsigned i) {
    auto [rows, columns] =
        parseShapeOption(cast<StringAttr>(shape.options[i]).getValue());
    b.annotate(tiled.anchor, marks.shapeM, Size::of(rows));
    b.annotate(tiled.anchor, marks.shapeN, Size::of(columns));
  });
  const Knob &raster = getKnob("raster");
  b.alternatives(raster, [&](unsigned i) {
    if (int64_t groupRows = raster.getInt(i); groupRows > 1)
      b.rasterizeBlocks(tiled.forall, groupRows);
  });
  b.applyPatterns(tiled.forall, {"canonicalization"});
  b.applyCSE(tiled.forall);
  return b.finish();
}

std::pair<int64_t, int64_t>
PipelinedMatmulInstance::getShape(const KnobValues &v) const {
  return parseShapeOption(v.getString(shapeKnob));
}

std::optional<KnobChoice>
PipelinedMatmulInstance::getPoint(int64_t bm, int64_t bn, int64_t bk,
                                  StringRef shape, int64_t stages) const {
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
  std::optional<unsigned> s = getKnob(shapeKnob).find(
      StringAttr::get(group.anchor->getContext(), shape));
  if (!s)
    return std::nullopt;
  c[getKnobIndex(shapeKnob)] = *s;
  setDefaultRaster(c);
  return c;
}
