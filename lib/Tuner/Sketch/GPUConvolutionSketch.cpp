//===- GPUConvolutionSketch.cpp - the gpu.conv2d sketch -------------------===//
//
// A 2-D convolution in NHWC layout (linalg.conv_2d_nhwc_hwcf, and
// linalg.depthwise_conv_2d_nhwc_hwc without the input-channel loop),
// strided or dilated, on a GPU:
//
//   S0  scf.forall over (OH/bh, OW/bw, C/bc) block tiles -> #gpu.block<z,y,x>
//       (a batch above 1 is tiled by 1 as well, and the four loops use
//       linear block ids)
//   S1  scf.forall over (bh, tw, tc) threads             -> #gpu.thread<z,y,x>
//       each thread owns one output row of bw/tw columns x bc/tc channels
//   R   scf.for over KH, KW/kw2, IC/ic2                 (accumulator kept)
//   S2  the thread's tile, a 2-D convolution with one filter row, decomposed
//       into a 1-D convolution and vectorized (FMAs on registers)
//
// Inputs are read from global memory directly (through the L1 cache, which
// the many overlapping windows of a convolution hit): unlike
// gpu.contraction there is no shared-memory stage. The fill and the
// elementwise consumers are fused into the block tiles and distributed over
// the same threads; at a batch above 1 the consumers run as a kernel of
// their own (E, buildConsumerKernel: fused, their tiles wrote the block's
// slice of the output the convolution's fill started from while its
// result was read, and bufferization copied the tile inside the kernel, a
// per-thread device malloc; test/Integration/GPU/conv-epilogue-malloc.test).
//
//===----------------------------------------------------------------------===//

#include "ConvolutionProblem.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class GPUConvolutionInstance : public ProblemInstance<ConvolutionProblem> {
public:
  using ProblemInstance::ProblemInstance;

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t bh = v.getInt("bh"), bw = v.getInt("bw"), bc = v.getInt("bc"),
            tw = v.getInt("tw"), tc = v.getInt("tc");
    if (bw % tw || bc % tc) {
      whyNot = "tw must divide bw and tc must divide bc";
      return failure();
    }
    int64_t threads = bh * tw * tc;
    if (threads > std::min<int64_t>(512, target.getMaxThreadsPerBlock()) ||
        bh > 64) {
      whyNot = std::to_string(threads) + " threads per block are too many";
      return failure();
    }
    int64_t outputs = (bw / tw) * (bc / tc);
    if (outputs > 64) {
      whyNot = "a thread tile of " + std::to_string(outputs) +
               " outputs needs too many registers";
      return failure();
    }
    return success();
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    auto knob = [&](StringRef name) { return b.knob(getKnob(name)); };
    Size bh = knob("bh"), bw = knob("bw"), bc = knob("bc"), tw = knob("tw"),
         tc = knob("tc"), kw2 = knob("kw2");
    Size ic2;
    if (loops.ic)
      ic2 = knob("ic2");

    linalg::LinalgOp anchor = group.anchor;
    unsigned numLoops = anchor.getNumLoops();
    bool batched = loops.extents[loops.n] > 1;
    SmallVector<Attribute> blocks(numLoops), threads(numLoops);
    if (batched) {
      blocks[loops.n] = blockDim(ctx, gpu::MappingId::LinearDim3);
      blocks[loops.oh] = blockDim(ctx, gpu::MappingId::LinearDim2);
      blocks[loops.ow] = blockDim(ctx, gpu::MappingId::LinearDim1);
      blocks[loops.c] = blockDim(ctx, gpu::MappingId::LinearDim0);
    } else {
      blocks[loops.oh] = blockDim(ctx, gpu::MappingId::DimZ);
      blocks[loops.ow] = blockDim(ctx, gpu::MappingId::DimY);
      blocks[loops.c] = blockDim(ctx, gpu::MappingId::DimX);
    }
    threads[loops.oh] = threadDim(ctx, gpu::MappingId::DimZ);
    threads[loops.ow] = threadDim(ctx, gpu::MappingId::DimY);
    threads[loops.c] = threadDim(ctx, gpu::MappingId::DimX);

    // S0: block tiles with the group fused in; batched, without its
    // consumers, which get a kernel of their own (E).
    SmallVector<Size> outer(numLoops, Size::of(0));
    outer[loops.n] = Size::of(batched ? 1 : 0);
    outer[loops.oh] = bh;
    outer[loops.ow] = bw;
    outer[loops.c] = bc;
    SmallVector<Handle> apart;
    TiledGroup tiled =
        batched ? tileAndFuseApartFromConsumers(b, group, outer, blocks, apart)
                : tileAndFuseGroup(b, group, outer, blocks);

    // S1: one output row per thread along z.
    SmallVector<Size> perThread(numLoops, Size::of(0));
    perThread[loops.oh] = bh;
    perThread[loops.ow] = tw;
    perThread[loops.c] = tc;
    Handle op = b.tileUsingForall(tiled.anchor, perThread,
                                  getMapping(perThread, threads),
                                  /*numThreads=*/true)
                    .first;

    // R: the window and input channels, innermost last.
    SmallVector<Size> reduction(numLoops, Size::of(0));
    reduction[loops.kh] = Size::of(1);
    reduction[loops.kw] = kw2;
    if (loops.ic)
      reduction[*loops.ic] = ic2;
    auto [tile, reductionLoops] = b.tileUsingFor(op, reduction);
    SmallVector<Handle> innermostFirst(reductionLoops.rbegin(),
                                       reductionLoops.rend());

    // The fill and the consumers, distributed like the anchor.
    distributeElementwise(b, tiled, anchor, perThread, threads,
                          /*vectorize=*/true);

    // S2: as in cpu.conv2d, hoist the output tile out of the reduction loops
    // while it is a tensor slice, vectorize the 1-D convolution, and keep the
    // vector accumulator in registers.
    Handle conv1d = b.decompose(tile);
    for (Handle loop : innermostFirst)
      b.hoistLoopInvariantSubsets(loop);
    b.vectorize(conv1d);
    b.applyPatterns(tiled.forall,
                    {"tensor.fold_tensor_subset_ops_into_vector_transfers",
                     "tensor.merge_consecutive_insert_extract_slice"});
    for (Handle loop : innermostFirst) {
      b.applyLICM(loop);
      b.hoistLoopInvariantSubsets(loop);
    }
    b.applyPatterns(tiled.forall, {"canonicalization"});
    b.applyCSE(tiled.forall);
    // E: a batched convolution's consumers, one thread per output element.
    if (!apart.empty())
      buildConsumerKernel(b, std::move(apart), anchor, blocks);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // A block of 4 rows x 8 columns x 32 channels, each thread one row of
    // 2 columns x 4 channels: 4 x 4 x 8 = 128 threads.
    int64_t bc = largestAtMost(getIntOptions("bc"), 32);
    int64_t tc =
        largestAtMost(getIntOptions("tc"), std::max<int64_t>(1, bc / 4));
    while (bc % tc)
      --tc;
    int64_t bw = largestAtMost(getIntOptions("bw"), 8);
    int64_t tw =
        largestAtMost(getIntOptions("tw"), std::max<int64_t>(1, bw / 2));
    while (bw % tw)
      --tw;
    int64_t bh = largestAtMost(getIntOptions("bh"), 4);
    setNearest(knobs, c, "bh", bh);
    setNearest(knobs, c, "bw", bw);
    setNearest(knobs, c, "bc", bc);
    setNearest(knobs, c, "tw", tw);
    setNearest(knobs, c, "tc", tc);
    setNearest(knobs, c, "kw2", 1);
    if (loops.ic)
      setNearest(knobs, c, "ic2", 4);
    KnobValues v(knobs, c);
    if (v.getInt("bh") * v.getInt("tw") * v.getInt("tc") < 32)
      widenBlock(c);
    return c;
  }

private:
  /// Extents with few divisors (13 x 13 outputs of 37 channels) leave the
  /// preferred block with less than a warp of threads: takes instead the
  /// block tiles and thread counts that keep the most threads busy (threads
  /// per block up to 256, times blocks up to one per SM), the fewest outputs
  /// per thread on ties.
  void widenBlock(KnobChoice &c) const {
    unsigned bh = getKnobIndex("bh"), bw = getKnobIndex("bw"),
             bc = getKnobIndex("bc"), tw = getKnobIndex("tw"),
             tc = getKnobIndex("tc");
    int64_t oh = loops.extents[loops.oh], ow = loops.extents[loops.ow],
            ch = loops.extents[loops.c];
    int64_t sms = std::max<int64_t>(1, target.getSms());
    KnobChoice best = c, t = c;
    int64_t bestScore = -1;
    std::string whyNot;
    for (t[bh] = 0; t[bh] < knobs[bh].options.size(); ++t[bh])
      for (t[bw] = 0; t[bw] < knobs[bw].options.size(); ++t[bw])
        for (t[bc] = 0; t[bc] < knobs[bc].options.size(); ++t[bc])
          for (t[tw] = 0; t[tw] < knobs[tw].options.size(); ++t[tw])
            for (t[tc] = 0; t[tc] < knobs[tc].options.size(); ++t[tc]) {
              KnobValues v(knobs, t);
              if (failed(verify(v, whyNot)))
                continue;
              int64_t threads =
                  v.getInt("bh") * v.getInt("tw") * v.getInt("tc");
              int64_t blocks = (oh / v.getInt("bh")) * (ow / v.getInt("bw")) *
                               (ch / v.getInt("bc"));
              int64_t outputs = (v.getInt("bw") / v.getInt("tw")) *
                                (v.getInt("bc") / v.getInt("tc"));
              int64_t score =
                  std::min<int64_t>(threads, 256) * std::min(blocks, sms) * 64 -
                  outputs;
              if (score > bestScore) {
                bestScore = score;
                best = t;
              }
            }
    c = best;
  }

public:
};

/// The space of gpu.conv2d for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateGPUConvolution(const Sketch &sketch, const FusedGroup &group,
                          TargetAttr target, std::string &whyNot) {
  FailureOr<ConvolutionProblem> problem =
      ConvolutionProblem::get(group, target, whyNot);
  if (failed(problem))
    return nullptr;
  const ConvolutionProblem &p = *problem;
  int64_t oh = p.oh, ow = p.ow, ch = p.ch, kw = p.kw;
  SmallVector<Knob> knobs;
  knobs.push_back(p.makeTileKnob("bh", getDivisorsIn(oh, 1, 16),
                                 "S0: output rows per block (one per thread)",
                                 oh));
  knobs.push_back(p.makeTileKnob("bw", getDivisorsIn(ow, 1, 64),
                                 "S0: output columns per block", ow));
  knobs.push_back(p.makeTileKnob("bc", getDivisorsIn(ch, 1, 256),
                                 "S0: output channels per block", ch));
  knobs.push_back(p.makeTileKnob("tw", getDivisorsIn(ow, 1, 64),
                                 "S1: threads along the output columns", ow));
  knobs.push_back(p.makeTileKnob("tc", getDivisorsIn(ch, 1, 256),
                                 "S1: threads along the output channels", ch));
  knobs.push_back(
      p.makeTileKnob("kw2", {1, kw}, "R: filter columns per step", kw));
  if (p.loops.ic)
    knobs.push_back(p.makeTileKnob("ic2", getDivisorsIn(p.ic, 1, 16),
                                   "R: input channels per step", p.ic));
  return std::make_unique<GPUConvolutionInstance>(sketch, std::move(knobs),
                                                  std::move(*problem));
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUConvolutionSketch() {
  SketchInfo info{
      "gpu.conv2d", TargetKind::cuda,
      "block tiles of output rows, columns and channels on GPU blocks, "
      "one output row per thread, the window and input channels "
      "reduced in registers through a vectorized 1-D convolution; fill "
      "and elementwise consumers fused and distributed over the threads"};
  info.operands = OperandCheck::None;
  return makeSketch(info, instantiateGPUConvolution);
}
