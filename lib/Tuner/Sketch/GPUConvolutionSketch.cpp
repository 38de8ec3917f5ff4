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

#include <array>
#include <optional>

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

  /// The block tiles and thread counts that keep every SM busy with small
  /// blocks. The winners of tuning on an H100 (bench/results/gpu.json: 56x56
  /// outputs of 64 channels, 14x14 of 256, 28x28 of 64 at stride 2) all ran
  /// about 6-12 blocks per SM of one warp each with 2-8 outputs per thread,
  /// 1.5-3x faster than this sketch's former default of 4 warps and 1.5
  /// blocks per SM. Takes, in order of preference: whole warps (32-128
  /// threads), blocks up to 4 per SM, outputs per thread near what that
  /// leaves (at most 8), fewer threads, 16 or more channels per block (a
  /// warp's filter loads coalesced), square output tiles of more pixels (the
  /// input windows a block shares in L1), 8 threads along the channels.
  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    setNearest(knobs, c, "kw2", loops.extents[loops.kw]);
    if (loops.ic)
      setNearest(knobs, c, "ic2", 1);
    pickBlock(c);
    return c;
  }

private:
  /// The ranking of getHeuristicDefault for one choice of block and thread
  /// tiles (larger is better); extents with few divisors (13 x 13 outputs of
  /// 37 channels) may have no choice of whole warps, and then rank by the
  /// threads kept busy (up to 256 per block, one block per SM).
  std::array<int64_t, 8> rank(const KnobValues &v) const {
    int64_t bh = v.getInt("bh"), bw = v.getInt("bw"), bc = v.getInt("bc"),
            tw = v.getInt("tw"), tc = v.getInt("tc");
    int64_t oh = loops.extents[loops.oh], ow = loops.extents[loops.ow],
            ch = loops.extents[loops.c], n = loops.extents[loops.n];
    int64_t sms = std::max<int64_t>(1, target.getSms());
    int64_t threads = bh * tw * tc;
    int64_t blocks = n * (oh / bh) * (ow / bw) * (ch / bc);
    int64_t outputs = (bw / tw) * (bc / tc);
    bool warps = threads % 32 == 0 && threads >= 32 && threads <= 128;
    if (!warps)
      return {
          0,
          std::min<int64_t>(threads, 256) * std::min(blocks, sms) * 64 - outputs,
          0,
          0,
          0,
          0,
          0,
          0};
    int64_t wanted =
        std::clamp<int64_t>(n * oh * ow * ch / (4 * sms * 32), 1, 8);
    auto logRatio = [](int64_t a, int64_t b) {
      return std::abs(int64_t(llvm::Log2_64(a)) - int64_t(llvm::Log2_64(b)));
    };
    return {1,        std::min(blocks, 4 * sms), -std::abs(outputs - wanted),
            -threads, std::min<int64_t>(bc, 16), -logRatio(bh, bw),
            bh * bw,  -logRatio(tc, 8)};
  }

  /// Sets the block and thread knobs of `c` to the valid choice of the
  /// highest rank.
  void pickBlock(KnobChoice &c) const {
    unsigned bh = getKnobIndex("bh"), bw = getKnobIndex("bw"),
             bc = getKnobIndex("bc"), tw = getKnobIndex("tw"),
             tc = getKnobIndex("tc");
    KnobChoice best = c, t = c;
    std::optional<std::array<int64_t, 8>> bestRank;
    std::string whyNot;
    for (t[bh] = 0; t[bh] < knobs[bh].options.size(); ++t[bh])
      for (t[bw] = 0; t[bw] < knobs[bw].options.size(); ++t[bw])
        for (t[bc] = 0; t[bc] < knobs[bc].options.size(); ++t[bc])
          for (t[tw] = 0; t[tw] < knobs[tw].options.size(); ++t[tw])
            for (t[tc] = 0; t[tc] < knobs[tc].options.size(); ++t[tc]) {
              KnobValues v(knobs, t);
              if (failed(verify(v, whyNot)))
                continue;
              std::array<int64_t, 8> r = rank(v);
              if (!bestRank || r > *bestRank) {
                bestRank = r;
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
