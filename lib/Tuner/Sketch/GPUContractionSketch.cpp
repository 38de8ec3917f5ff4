//===- GPUContractionSketch.cpp - the gpu.contraction sketch --------------===//
//
// Ansor's GPU structure for a contraction ("SSSRRSRS", algorithms.md §1.5)
// with the levels MLIR's GPU mapping can express:
//
//   S0  scf.forall over (M/bm, N/bn) block tiles   -> #gpu.block<y, x>
//       (one batch loop by 1                        -> #gpu.block<z>)
//   R0  scf.for over K/bk
//       A (bm x bk) and B (bk x bn) slices staged in shared memory: a nofold
//       pad copied cooperatively by all threads of the block
//       (map_copy_to_threads, 128-bit vector copies where the shape allows)
//       into a workgroup-memory buffer
//   S1  scf.forall over (ty, tx) threads            -> #gpu.thread<y, x>
//   S2  each thread's (bm/ty) x (bn/tx) register tile, vectorized: a
//       vector.contract over bk lowered to FMAs on registers
//
// The fill producing the accumulator and the elementwise consumers are fused
// into the block tiles and distributed over the same threads. The block
// shape `threads` (ty x tx) is a categorical knob: the cooperative copy needs
// the thread count as a literal, so each option is a tune.alternatives
// region with the thread-level part of the script. Its options are the
// shapes whose sides divide M and N, 32 to 256 threads.
//
// Every tile divides its extent. The mapping to blocks and threads, the
// barriers around the shared-memory stages and the NVVM lowering happen in
// tuner-lower-gpu, after bufferization.
//
//===----------------------------------------------------------------------===//

#include "ContractionProblem.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/TransformOps/GPUHeuristics.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The block shapes offered: ty x tx threads with ty dividing M and tx
/// dividing N (so that some block tile splits evenly), 32 to
/// `maxThreads` threads, at least one whole warp's worth.
static SmallVector<std::pair<int64_t, int64_t>>
getBlockShapes(int64_t em, int64_t en, int64_t maxThreads) {
  SmallVector<std::pair<int64_t, int64_t>> shapes;
  for (int64_t ty : getDivisorsIn(em, 1, maxThreads))
    for (int64_t tx : getDivisorsIn(en, 1, maxThreads))
      if (ty * tx >= 32 && ty * tx <= maxThreads)
        shapes.push_back({ty, tx});
  // Tiny problems: one block of all the threads there are.
  if (shapes.empty())
    shapes.push_back({std::min(em, maxThreads),
                      std::max<int64_t>(1, std::min(en, maxThreads / em))});
  return shapes;
}

static std::string getShapeName(std::pair<int64_t, int64_t> shape) {
  return std::to_string(shape.first) + "x" + std::to_string(shape.second);
}

class GPUContractionInstance : public ProblemInstance<ContractionProblem> {
public:
  GPUContractionInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                         ContractionProblem problem)
      : ProblemInstance(sketch, std::move(knobs), std::move(problem)) {
    linalg::LinalgOp anchor = group.anchor;
    for (OpOperand *input : anchor.getDpsInputOperands())
      inputBytes.push_back(llvm::divideCeil(
          getElementTypeOrSelf(input->get().getType()).getIntOrFloatBitWidth(),
          8));
  }

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t bm = v.getInt("bm"), bn = v.getInt("bn"), bk = v.getInt("bk");
    auto [ty, tx] = parseShapeOption(v.getString("threads"));
    if (bm % ty || bn % tx) {
      whyNot = "the block shape " + std::to_string(ty) + "x" +
               std::to_string(tx) + " must divide the block tile";
      return failure();
    }
    int64_t tm = bm / ty, tn = bn / tx;
    if (tm * tn > 64 || tm > 16 || tn > 16) {
      whyNot = "a thread tile of " + std::to_string(tm) + "x" +
               std::to_string(tn) + " needs too many registers";
      return failure();
    }
    if (ty * tx > target.getMaxThreadsPerBlock()) {
      whyNot = "too many threads per block";
      return failure();
    }
    // The cooperative copies must have a thread mapping (upstream's
    // heuristic, which map_copy_to_threads uses: the vectors of the most
    // minor dimension must not outnumber the threads).
    linalg::LinalgOp anchor = group.anchor;
    for (auto [i, input] : llvm::enumerate(anchor.getDpsInputOperands())) {
      SmallVector<int64_t> sizes = getStagedShape(input, bm, bn, bk);
      int64_t bits = inputBytes[i] * 8;
      transform::gpu::CopyMappingInfo mapping(anchor->getContext(), ty * tx,
                                              /*desiredBitAlignment=*/128,
                                              sizes, false, bits);
      if (mapping.status == transform::gpu::CopyMappingInfo::Status::Invalid) {
        whyNot = "the copy of input " + std::to_string(i) +
                 " into shared memory has no mapping to " +
                 std::to_string(ty * tx) + " threads";
        return failure();
      }
    }
    int64_t shared = getSharedBytes(bm, bn, bk);
    if (shared > target.getSharedMemoryPerBlock()) {
      whyNot = "the staged tiles need " + std::to_string(shared) +
               " bytes of shared memory";
      return failure();
    }
    return success();
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    auto size = [&](StringRef name) { return b.knob(getKnob(name)); };
    Size bm = size("bm"), bn = size("bn"), bk = size("bk");

    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    // Mapping of the parallel loops: M to y, N to x, a batch loop to z.
    SmallVector<Attribute> blocks(numLoops), threads(numLoops);
    blocks[loops.m] = blockDim(ctx, gpu::MappingId::DimY);
    blocks[loops.n] = blockDim(ctx, gpu::MappingId::DimX);
    threads[loops.m] = threadDim(ctx, gpu::MappingId::DimY);
    threads[loops.n] = threadDim(ctx, gpu::MappingId::DimX);
    for (unsigned i : loops.otherParallel)
      blocks[i] = blockDim(ctx, gpu::MappingId::DimZ);

    // S0: block tiles with the group fused in.
    SmallVector<Size> outer(numLoops, Size::of(0));
    outer[loops.m] = bm;
    outer[loops.n] = bn;
    for (unsigned i : loops.otherParallel)
      outer[i] = Size::of(1);
    TiledGroup tiled = tileAndFuseGroup(b, group, outer, blocks);

    // R0: the K loop (other reduction loops by 1).
    SmallVector<Size> r0(numLoops, Size::of(0));
    r0[loops.k] = bk;
    for (unsigned i : loops.otherReduction)
      r0[i] = Size::of(1);
    Handle op = b.tileUsingFor(tiled.anchor, r0).first;

    // Stage the input slices: a nofold pad of each is an explicit copy.
    Handle padded;
    SmallVector<Handle> stagePads;
    std::tie(padded, stagePads) = padInputsForStaging(b, anchor, op);

    // S1, S2: per block shape, the cooperative copies, the thread tiles and
    // their vectorization.
    const Knob &shape = getKnob("threads");
    SmallVector<Size> perThread(numLoops, Size::of(0));
    b.alternatives(shape, [&](unsigned i) {
      auto [ty, tx] =
          parseShapeOption(cast<StringAttr>(shape.options[i]).getValue());
      stageInWorkgroupMemory(b, stagePads, ty * tx);
      perThread[loops.m] = Size::of(ty);
      perThread[loops.n] = Size::of(tx);
      Handle tile =
          b.tileUsingForall(padded, perThread, getMapping(perThread, threads),
                            /*numThreads=*/true)
              .first;
      b.vectorize(tile, /*namedContraction=*/true);

      // The fill and the consumers, distributed the same way.
      TiledGroup inRegion = tiled; // each region starts from the same handles
      distributeElementwise(b, inRegion, anchor, perThread, threads,
                            /*vectorize=*/true);
    });
    b.applyPatterns(tiled.forall, {"canonicalization"});
    b.applyCSE(tiled.forall);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // 64x64 block tiles of 16x16 threads with 4x4 register tiles, K by 16
    // (the recipe's schedule); smaller where the extents are.
    int64_t bm = largestAtMost(getIntOptions("bm"), 64);
    int64_t bn = largestAtMost(getIntOptions("bn"), 64);
    int64_t bk = largestAtMost(getIntOptions("bk"), 16);
    shrinkToCoverSms(bm, bn);
    setNearest(knobs, c, "bm", bm);
    setNearest(knobs, c, "bn", bn);
    setNearest(knobs, c, "bk", bk);
    // The block shape with most threads (<= 256) whose register tile is at
    // least 4 elements where possible.
    const Knob &shape = getKnob("threads");
    std::optional<unsigned> best;
    int64_t bestScore = -1;
    for (unsigned i = 0, e = shape.options.size(); i < e; ++i) {
      auto [ty, tx] =
          parseShapeOption(cast<StringAttr>(shape.options[i]).getValue());
      if (bm % ty || bn % tx)
        continue;
      int64_t tm = bm / ty, tn = bn / tx;
      if (tm * tn > 64)
        continue;
      // Prefer square thread tiles of 16 elements, then more threads.
      int64_t score = std::min<int64_t>(tm * tn, 16) * 1024 -
                      std::abs(tm - tn) * 64 + ty * tx / 8;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    c[getKnobIndex("threads")] = best.value_or(0);
    return c;
  }

private:
  /// Halves the larger of the block tiles `bm` x `bn` (to the next smaller
  /// option, down to kMinTile) while the grid has fewer blocks than the
  /// target has SMs: 64 x 64 tiles of a 128 x 128 matmul are 4 blocks on
  /// an H100's 132 SMs, 16 x 16 tiles 64 (an encoder layer's projections
  /// and attention products are such shapes).
  void shrinkToCoverSms(int64_t &bm, int64_t &bn) const {
    constexpr int64_t kMinTile = 16;
    int64_t batch = 1;
    SmallVector<int64_t> extents =
        linalg::LinalgOp(group.anchor).getStaticLoopRanges();
    for (unsigned i : loops.otherParallel)
      batch *= extents[i];
    auto smaller = [&](StringRef name, int64_t tile) -> std::optional<int64_t> {
      int64_t next = largestAtMost(getIntOptions(name), tile - 1);
      if (next < kMinTile || next >= tile)
        return std::nullopt;
      return next;
    };
    while (batch * (em / bm) * (en / bn) < target.getSms()) {
      std::optional<int64_t> m = smaller("bm", bm), n = smaller("bn", bn);
      if (m && (bm >= bn || !n))
        bm = *m;
      else if (n)
        bn = *n;
      else
        break;
    }
  }

  /// The shape of the slice of `input` staged per K step.
  SmallVector<int64_t> getStagedShape(OpOperand *input, int64_t bm, int64_t bn,
                                      int64_t bk) const {
    linalg::LinalgOp anchor = group.anchor;
    AffineMap map = anchor.getMatchingIndexingMap(input);
    SmallVector<int64_t> sizes;
    for (AffineExpr expr : map.getResults()) {
      unsigned d = cast<AffineDimExpr>(expr).getPosition();
      sizes.push_back(d == loops.m   ? bm
                      : d == loops.n ? bn
                      : d == loops.k ? bk
                                     : 1);
    }
    return sizes;
  }

  /// Shared memory of the staged input tiles.
  int64_t getSharedBytes(int64_t bm, int64_t bn, int64_t bk) const {
    // Inputs in order: the M x K operand, then the K x N operand.
    int64_t a = inputBytes.empty() ? 4 : inputBytes[0];
    int64_t bb = inputBytes.size() < 2 ? a : inputBytes[1];
    return bm * bk * a + bk * bn * bb;
  }

  SmallVector<int64_t> inputBytes;
};

/// The space of gpu.contraction for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateGPUContraction(const Sketch &sketch, const FusedGroup &group,
                          TargetAttr target, std::string &whyNot) {
  FailureOr<ContractionProblem> problem =
      ContractionProblem::get(group, target, whyNot);
  if (failed(problem))
    return nullptr;
  const ContractionProblem &p = *problem;
  if (p.loops.otherParallel.size() > 1) {
    whyNot = "more than one batch loop (only z is left for it)";
    return nullptr;
  }
  linalg::LinalgOp anchor = group.anchor;
  if (anchor.getNumDpsInputs() != 2) {
    whyNot = "needs a contraction of two inputs";
    return nullptr;
  }
  int64_t em = p.em, en = p.en, ek = p.ek;
  MLIRContext *ctx = p.getContext();
  // verify() builds GPU mapping attributes (upstream's copy heuristic).
  ctx->getOrLoadDialect<gpu::GPUDialect>();
  SmallVector<Knob> knobs;
  knobs.push_back(p.makeTileKnob("bm", getDivisorsIn(em, 1, 256),
                                 "S0: rows of M per block", em));
  knobs.push_back(p.makeTileKnob("bn", getDivisorsIn(en, 1, 256),
                                 "S0: columns of N per block", en));
  knobs.push_back(p.makeTileKnob("bk", getDivisorsIn(ek, 1, 64),
                                 "R0: K per shared-memory stage", ek));
  SmallVector<std::string> names;
  // 256 threads at most: more leaves fewer registers per thread than the
  // register tiles need.
  int64_t maxThreads = std::min<int64_t>(256, target.getMaxThreadsPerBlock());
  for (auto shape : getBlockShapes(em, en, maxThreads))
    names.push_back(getShapeName(shape));
  SmallVector<StringRef> options(names.begin(), names.end());
  knobs.push_back(makeChoiceKnob(ctx, "threads", options,
                                 "S1: threads per block, rows x columns"));
  return std::make_unique<GPUContractionInstance>(sketch, std::move(knobs),
                                                  std::move(*problem));
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUContractionSketch() {
  SketchInfo info{
      "gpu.contraction", TargetKind::cuda,
      "block tiles on GPU blocks, a K loop staging the input tiles in "
      "shared memory with cooperative vector copies, thread tiles on "
      "GPU threads, register tiles vectorized to FMAs; fill and "
      "elementwise consumers fused and distributed over the threads"};
  return makeSketch(info, instantiateGPUContraction);
}
