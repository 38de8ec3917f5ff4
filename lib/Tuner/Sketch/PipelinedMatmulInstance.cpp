//===- PipelinedMatmulInstance.cpp - pipelined GPU matmul spaces ----------===//
//
// The knobs, the checks and the script that gpu.contraction_mma and
// gpu.contraction_simt share (PipelinedMatmulInstance.h).
//
//===----------------------------------------------------------------------===//

#include "PipelinedMatmulInstance.h"

#include "SketchUtils.h"

#include "Tuner/Dialect/Sched/TransformOps/BlockRaster.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

/// An integer knob whose options build different scripts (alternative
/// regions); a config recorded before it existed means its first option.
static Knob makeStructuralKnob(MLIRContext *ctx, StringRef name,
                               ArrayRef<int64_t> options, StringRef doc) {
  Knob knob = makeIntKnob(ctx, name, KnobKind::Tile, options, doc);
  knob.isAlternatives = true;
  knob.absentOption = 0;
  return knob;
}

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
  knobs.push_back(makeStructuralKnob(
      ctx, "raster", kRasterGroups,
      "S0: block rows per group of the block order (1: launch order, "
      "columns fastest)"));
  if (!spec.splitK)
    return knobs;
  // Slices of K that a K tile of kStep divides (1 always).
  SmallVector<int64_t> splits;
  for (int64_t factor : kSplitKFactors)
    if (k % (factor * spec.kStep) == 0)
      splits.push_back(factor);
  // Configs from before the knob: K whole.
  knobs.push_back(makeStructuralKnob(
      ctx, "split_k", splits,
      "S0: slices of K in blocks of their own, summed by a second kernel "
      "(1: K whole)"));
  return knobs;
}

PipelinedMatmulInstance::PipelinedMatmulInstance(
    const Sketch &sketch, SmallVector<Knob> knobs, const FusedGroup &group,
    sched::TargetAttr target, StringRef shapeKnob, PipelineMarks marks)
    : SketchInstanceBase(sketch, std::move(knobs), group, target),
      shapeKnob(shapeKnob), marks(marks) {
  SmallVector<int64_t> extents =
      linalg::LinalgOp(group.anchor).getStaticLoopRanges();
  batched = isa<linalg::BatchMatmulOp>(group.anchor);
  ArrayRef<int64_t> mnk = ArrayRef<int64_t>(extents).take_back(3);
  batch = batched ? extents.front() : 1;
  em = mnk[0];
  en = mnk[1];
  k = mnk[2];
}

FailureOr<std::tuple<int64_t, int64_t, int64_t, int64_t>>
mlir::tuner::detail::getPipelinedMatmulExtents(const FusedGroup &group,
                                               std::string &whyNot) {
  Operation *anchor = group.anchor;
  bool defaultMaps = isDefaultMapsMatmul(anchor);
  if (!defaultMaps || !hasStaticTensorOperands(group) ||
      anchor->getNumOperands() != 3) {
    whyNot = "needs a linalg.matmul or linalg.batch_matmul with the default "
             "indexing maps and static tensor operands";
    return failure();
  }
  SmallVector<int64_t> extents = linalg::LinalgOp(anchor).getStaticLoopRanges();
  if (extents.size() == 3)
    return std::make_tuple(int64_t(1), extents[0], extents[1], extents[2]);
  return std::make_tuple(extents[0], extents[1], extents[2], extents[3]);
}

LogicalResult PipelinedMatmulInstance::verify(const KnobValues &v,
                                              std::string &whyNot) const {
  if (batched && v.getInt("raster") > 1) {
    whyNot = "the block order applies to 2-D grids (a batch matmul's blocks "
             "have a third dimension)";
    return failure();
  }
  if (int64_t splitK = getSplitK(v); splitK > 1) {
    if (getBlockK(v) % v.getInt("bk")) {
      whyNot = "the K tile must divide each of the " + std::to_string(splitK) +
               " slices of K";
      return failure();
    }
    if (v.getInt("raster") > 1) {
      whyNot = "the block order applies to 2-D grids (split-K blocks have a "
               "third dimension)";
      return failure();
    }
  }
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
  bool large = !batched && rows >= 16 && rows * columns > target.getSms();
  setNearest(knobs, c, "raster", large ? 8 : 1);
}

int64_t PipelinedMatmulInstance::getBlocks(const KnobValues &v) const {
  return batch * (em / v.getInt("bm")) * (en / v.getInt("bn")) * getSplitK(v);
}

std::optional<KnobChoice>
PipelinedMatmulInstance::splitToReach(const KnobChoice &point, int64_t wanted,
                                      int64_t minDepth) const {
  std::optional<unsigned> index = findKnobIndex("split_k");
  if (!index)
    return std::nullopt;
  const Knob &knob = knobs[*index];
  std::optional<KnobChoice> best;
  for (unsigned i = 0, e = knob.options.size(); i < e; ++i) {
    KnobChoice candidate = point;
    candidate[*index] = i;
    KnobValues v(knobs, candidate);
    std::string whyNot;
    if (getSplitK(v) == 1 || getBlockK(v) < minDepth ||
        failed(verify(v, whyNot)))
      continue;
    best = candidate;
    if (getBlocks(v) >= wanted)
      break;
  }
  return best;
}

void PipelinedMatmulInstance::setDefaultSplitK(KnobChoice &c) const {
  std::optional<unsigned> index = findKnobIndex("split_k");
  if (!index)
    return;
  c[*index] = *knobs[*index].absentOption;
  int64_t wanted = target.getSms() / 4;
  if (getBlocks(KnobValues(knobs, c)) >= wanted)
    return;
  if (std::optional<KnobChoice> split = splitToReach(c, wanted, 512))
    c = *split;
}

KnobChoice PipelinedMatmulInstance::getHeuristicDefault() const {
  KnobChoice c = getBlockDefault();
  setDefaultRaster(c);
  setDefaultSplitK(c);
  return c;
}

OwningOpRef<ModuleOp>
PipelinedMatmulInstance::buildScript(MLIRContext *ctx,
                                     StringRef symName) const {
  ScriptBuilder b(ctx, symName);
  Size bm = b.knob(getKnob("bm")), bn = b.knob(getKnob("bn")),
       bk = b.knob(getKnob("bk")), stages = b.knob(getKnob("stages"));
  std::optional<unsigned> split = findKnobIndex("split_k");
  if (!split) {
    buildBlocks(b, bm, bn, bk, stages);
    return b.finish();
  }
  const Knob &splitKnob = knobs[*split];
  b.alternatives(splitKnob, [&](unsigned i) {
    if (int64_t factor = splitKnob.getInt(i); factor > 1)
      buildSplitBlocks(b, factor, bm, bn, bk, stages);
    else
      buildBlocks(b, bm, bn, bk, stages);
  });
  return b.finish();
}

void PipelinedMatmulInstance::buildBlocks(ScriptBuilder &b, Size bm, Size bn,
                                          Size bk, Size stages) const {
  MLIRContext *ctx = b.getContext();
  // linalg.matmul: loops (m, n, k); linalg.batch_matmul: (b, m, n, k), one
  // batch per block along z.
  SmallVector<Attribute> blocks = {blockDim(ctx, gpu::MappingId::DimY),
                                   blockDim(ctx, gpu::MappingId::DimX),
                                   Attribute()};
  SmallVector<Size> sizes = {bm, bn, Size::of(0)};
  if (batched) {
    blocks.insert(blocks.begin(), blockDim(ctx, gpu::MappingId::DimZ));
    sizes.insert(sizes.begin(), Size::of(1));
  }
  TiledGroup tiled = tileAndFuseGroup(b, group, sizes, blocks);
  Handle matmul = tiled.anchor;
  if (batched)
    matmul = b.rankReduceToMatmul(tiled.anchor);
  b.annotate(matmul, marks.tileK, bk);
  b.annotate(matmul, marks.stages, stages);
  annotateShape(b, matmul);
  if (batched) {
    // The consumers on 2-D tiles too, reading the matmul's result.
    b.applyPatterns(tiled.forall,
                    {"linalg.fold_unit_extent_dims_via_slices",
                     "tensor.merge_consecutive_insert_extract_slice",
                     "canonicalization"});
    b.applyCSE(tiled.forall);
    return;
  }
  const Knob &raster = getKnob("raster");
  b.alternatives(raster, [&](unsigned i) {
    if (int64_t groupRows = raster.getInt(i); groupRows > 1)
      b.rasterizeBlocks(tiled.forall, groupRows);
  });
  b.applyPatterns(tiled.forall, {"canonicalization"});
  b.applyCSE(tiled.forall);
}

void PipelinedMatmulInstance::buildSplitBlocks(ScriptBuilder &b, int64_t splitK,
                                               Size bm, Size bn, Size bk,
                                               Size stages) const {
  MLIRContext *ctx = b.getContext();
  // Handles on the result's fill and the consumers before the anchor's is
  // consumed; the split leaves them as they were.
  TiledGroup handles = getGroupHandles(b, group);
  // partial[s, m, n] = A[m, s, :] B[s, :, n] over loops (s, m, n, k), from
  // a fill of zeros; result = init + sum over s of partial.
  ScriptBuilder::SplitReduction split =
      b.splitReduction(handles.anchor, splitK, /*insertDim=*/0);
  SmallVector<Attribute> blocks = {blockDim(ctx, gpu::MappingId::DimZ),
                                   blockDim(ctx, gpu::MappingId::DimY),
                                   blockDim(ctx, gpu::MappingId::DimX)};
  auto [partial, forall] = b.tileUsingForall(
      split.split, {Size::of(1), bm, bn, Size::of(0)}, blocks);
  Handle grid = b.fuseIntoContainingOp(split.fill, forall).second;
  // The block's unit slice dropped: a fill and a matmul on 2-D slices (A's
  // columns and B's rows of the slice), as the kernel takes them.
  Handle matmul = b.rankReduceToMatmul(partial);
  b.annotate(matmul, marks.tileK, bk);
  b.annotate(matmul, marks.stages, stages);
  annotateShape(b, matmul);
  b.annotate(grid, kSplitKAttrName, Size::of(splitK));
  b.applyPatterns(grid, {"canonicalization"});
  b.applyCSE(grid);
  // The sum over the slices, loops (m, n, s), then the consumers: one
  // thread per result.
  SmallVector<Handle> chain = {b.interchange(split.combine, {1, 2, 0})};
  chain.append(handles.consumers.begin(), handles.consumers.end());
  buildConsumerKernel(b, std::move(chain), group.anchor,
                      {blocks[1], blocks[2], Attribute()}, handles.producers);
}

void PipelinedMatmulInstance::annotateShape(ScriptBuilder &b,
                                            Handle matmul) const {
  const Knob &shape = getKnob(shapeKnob);
  b.alternatives(shape, [&](unsigned i) {
    auto [rows, columns] =
        parseShapeOption(cast<StringAttr>(shape.options[i]).getValue());
    b.annotate(matmul, marks.shapeM, Size::of(rows));
    b.annotate(matmul, marks.shapeN, Size::of(columns));
  });
}

std::pair<int64_t, int64_t>
PipelinedMatmulInstance::getShape(const KnobValues &v) const {
  return parseShapeOption(v.getString(shapeKnob));
}

SmallVector<KnobChoice>
PipelinedMatmulInstance::withSplitVariants(ArrayRef<KnobChoice> points) const {
  SmallVector<KnobChoice> out;
  for (const KnobChoice &point : points) {
    out.push_back(point);
    KnobValues v(knobs, point);
    if (getSplitK(v) > 1 || getBlocks(v) >= target.getSms())
      continue;
    std::optional<KnobChoice> split =
        splitToReach(point, target.getSms(), /*minDepth=*/0);
    if (split && !llvm::is_contained(out, *split))
      out.push_back(*split);
  }
  return out;
}

int64_t PipelinedMatmulInstance::getSplitK(const KnobValues &v) const {
  return findKnobIndex("split_k") ? v.getInt("split_k") : 1;
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
