//===- GPUElementwiseSketch.cpp - the gpu.elementwise sketch --------------===//
//
// The GPU schedule of an op whose loops are all parallel and whose result
// is written through a permutation of them (bias adds, activations, casts,
// residual adds, a softmax's exponentials and divisions, transposes), with
// its elementwise neighbours fused:
//
//   S0  scf.forall over the result's innermost loop (x) in tiles of `bx`
//       elements -> #gpu.block<x>, a second loop (y) in tiles of `by`
//       -> #gpu.block<y>, the others by 1 -> #gpu.block<z> (more than one:
//       linearized block ids)
//   S1  scf.forall over the block's tile, `v` consecutive elements of x per
//       thread (a transpose: a w x v tile) -> #gpu.thread<y, x>
//   S2  each thread's tile vectorized: rows of up to 16 bytes per operand
//       (ld.global.v4.b32 for 4 floats or 8 bf16), which
//       tuner-gpu-vector-alignment proves aligned; a transpose's tile is
//       read along the transposed input's rows and transposed in registers
//
// y is the result's next loop outward with several iterations, or, for a
// transpose, the loop of the transposed inputs' innermost dimension.
// Consecutive threads take consecutive vectors of a row. Tiles divide
// their loops (no masks: the vectors stay whole). Booleans and inputs
// transposed along different loops are left to gpu.fallback.
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"
#include "SketchUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

/// The loops gpu.elementwise maps: the result's innermost loop (x); for a
/// transpose the loop of the transposed inputs' innermost dimension (y),
/// else the result's next loop outward with several iterations (y, if
/// any); the remaining loops with several iterations, tiled by 1 (`outer`,
/// innermost first: one on block z, more on linearized block ids).
struct ElementwiseGrid {
  SmallVector<int64_t> extents;
  unsigned x = 0;
  std::optional<unsigned> y;
  SmallVector<unsigned> outer;
  /// Whether the block loops map to linearized ids (more than one outer
  /// loop, or one with more iterations than a grid's z; or a row loop with
  /// more than a grid's 65535 blocks along y, at a row per block: a
  /// 128256-row vocabulary).
  bool isLinear() const {
    return outer.size() > 1 ||
           (outer.size() == 1 && extents[outer[0]] > 65535) ||
           (y && extents[*y] > 65535);
  }
  /// Whether y is the innermost loop of a transposed input: each thread
  /// then takes a w x v tile, transposed in registers.
  bool transposed = false;
};

/// The loop of the innermost dimension of the inputs of `op` that read the
/// result's innermost loop at another position (transposes: read along
/// their own innermost dimension, each thread's tile is transposed in
/// registers), if any; failure when two such inputs disagree or one is
/// not a projected permutation. An input without the result's innermost
/// loop is broadcast along it (a per-row scale), not transposed.
FailureOr<std::optional<unsigned>> getTransposedLoop(linalg::LinalgOp op,
                                                     std::string &whyNot) {
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned inner = cast<AffineDimExpr>(out.getResults().back()).getPosition();
  std::optional<unsigned> loop;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map.getNumResults() == 0 || !map.isFunctionOfDim(inner))
      continue;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (last && last.getPosition() == inner)
      continue;
    if (!map.isProjectedPermutation() || !last ||
        (loop && *loop != last.getPosition())) {
      whyNot = "inputs read in other orders than the result that are not "
               "one transpose";
      return failure();
    }
    loop = last.getPosition();
  }
  return loop;
}

FailureOr<ElementwiseGrid> analyzeGrid(linalg::LinalgOp op,
                                       std::string &whyNot) {
  if (failed(checkParallelPermutation(op, whyNot)))
    return failure();
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  FailureOr<std::optional<unsigned>> transposed = getTransposedLoop(op, whyNot);
  if (failed(transposed))
    return failure();
  ElementwiseGrid grid;
  grid.extents = op.getStaticLoopRanges();
  SmallVector<unsigned> order; // result loops, innermost first
  for (AffineExpr e : llvm::reverse(out.getResults()))
    order.push_back(cast<AffineDimExpr>(e).getPosition());
  grid.x = order.front();
  if (*transposed) {
    grid.y = **transposed;
    grid.transposed = true;
  }
  for (unsigned loop : ArrayRef(order).drop_front()) {
    if (grid.extents[loop] == 1 || loop == grid.y)
      continue;
    if (!grid.y)
      grid.y = loop;
    else
      grid.outer.push_back(loop);
  }
  // Block ids linearize over at most 10 loops (#gpu.block<linear_dim_9>).
  if (grid.outer.size() > 8) {
    whyNot = "more than ten loops with several iterations";
    return failure();
  }
  if (grid.y && grid.extents[*grid.y] > 65535 * 1024) {
    whyNot = "the row loop exceeds the grid's blocks along y";
    return failure();
  }
  return grid;
}

class GPUElementwiseInstance : public SketchInstanceBase {
public:
  GPUElementwiseInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                         const FusedGroup &group, ElementwiseGrid grid,
                         TargetAttr target)
      : SketchInstanceBase(sketch, std::move(knobs), group, target),
        grid(std::move(grid)) {}

  LogicalResult verify(const KnobValues &v,
                       std::string &whyNot) const override {
    int64_t bx = v.getInt("bx"), vec = v.getInt("v");
    int64_t by = grid.y ? v.getInt("by") : 1;
    int64_t w = grid.transposed ? v.getInt("w") : 1;
    if (bx % vec != 0 || by % w != 0) {
      whyNot = "the block tile is not a multiple of the thread tile";
      return failure();
    }
    int64_t threads = by / w * bx / vec;
    return checkThreadsPerBlock(target, threads, whyNot);
  }

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    unsigned numLoops = linalg::LinalgOp(group.anchor).getNumLoops();
    // S0: block tiles, the group fused in.
    SmallVector<Size> tiles(numLoops, Size::of(0));
    tiles[grid.x] = b.knob(getKnob("bx"));
    if (grid.y)
      tiles[*grid.y] = b.knob(getKnob("by"));
    for (unsigned loop : grid.outer)
      tiles[loop] = Size::of(1);
    TiledGroup tiled = tileAndFuseGroup(b, group, tiles, getBlockMapping(ctx));
    // S1, S2: a 1 x v (transposes: w x v) tile per thread, vectorized.
    distributeOverThreads(b, tiled);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override {
    KnobChoice c(knobs.size(), 0);
    // The widest vectors; 256 threads, a row's columns first (a transpose:
    // 8 threads along x, so that a warp reads 4 of its input rows' 16-byte
    // pieces side by side); fewer threads (down to 64) while the blocks
    // would not cover the SMs.
    int64_t vec = getIntOptions("v").back();
    int64_t w = grid.transposed ? getIntOptions("w").back() : 1;
    // A transpose's tile stays within kMaxTileWords registers of values.
    while (w > 1 && getTileWords(w, vec) > kMaxTileWords)
      w /= 2;
    int64_t bx = largestMultiple("bx", (grid.transposed ? 8 : 256) * vec, vec);
    int64_t by = grid.y ? largestMultiple("by", 256 * vec / bx * w, w) : 1;
    auto blocks = [&] {
      int64_t n = grid.extents[grid.x] / bx;
      if (grid.y)
        n *= grid.extents[*grid.y] / by;
      for (unsigned loop : grid.outer)
        n *= grid.extents[loop];
      return n;
    };
    while (blocks() < target.getSms() && by / w * bx / vec > 64) {
      if (by > w)
        by = largestMultiple("by", by - 1, w);
      else if (bx > vec)
        bx = largestMultiple("bx", bx - 1, vec);
      else
        break;
    }
    setNearest(knobs, c, "v", vec);
    setNearest(knobs, c, "bx", bx);
    if (grid.y)
      setNearest(knobs, c, "by", by);
    if (grid.transposed)
      setNearest(knobs, c, "w", w);
    return c;
  }

  /// 32-bit registers holding a thread's w x v tile of the operands and
  /// results of the anchor (an operand indexed by x only: v elements, by y
  /// only: w).
  int64_t getTileWords(int64_t w, int64_t v) const {
    linalg::LinalgOp anchor = group.anchor;
    int64_t bits = 0;
    for (OpOperand &operand : anchor->getOpOperands()) {
      AffineMap map = anchor.getMatchingIndexingMap(&operand);
      int64_t elements = (map.isFunctionOfDim(grid.x) ? v : 1) *
                         (map.isFunctionOfDim(*grid.y) ? w : 1);
      Type element = getElementTypeOrSelf(operand.get().getType());
      bits += elements * (element.isIntOrFloat()
                              ? std::max(element.getIntOrFloatBitWidth(), 8u)
                              : 64);
    }
    return llvm::divideCeil(bits, 32);
  }

  /// The largest option of knob `name` at most `bound` that is a multiple
  /// of `multiple` (`multiple` itself, an option, when none is larger).
  int64_t largestMultiple(StringRef name, int64_t bound,
                          int64_t multiple) const {
    int64_t best = multiple;
    for (int64_t option : getIntOptions(name))
      if (option <= bound && option % multiple == 0)
        best = std::max(best, option);
    return best;
  }

private:
  /// Values a transpose's thread tile may keep in registers: ptxas held a
  /// 4 x 4 f32 tile with a bias row (36 values) of a 64-thread block to 32
  /// registers and spilled 16 bytes.
  static constexpr int64_t kMaxTileWords = 32;

  /// The block id of each loop: x, y, z, or linearized ids (x fastest)
  /// beyond three loops.
  SmallVector<Attribute> getBlockMapping(MLIRContext *ctx) const {
    bool linear = grid.isLinear();
    auto blockId = [&](unsigned i) {
      static const gpu::MappingId kDims[] = {
          gpu::MappingId::DimX, gpu::MappingId::DimY, gpu::MappingId::DimZ};
      unsigned linearDim = static_cast<unsigned>(gpu::MappingId::LinearDim0);
      return blockDim(ctx, linear ? static_cast<gpu::MappingId>(linearDim + i)
                                  : kDims[i]);
    };
    SmallVector<Attribute> blocks(grid.extents.size());
    blocks[grid.x] = blockId(0);
    if (grid.y)
      blocks[*grid.y] = blockId(1);
    for (auto [i, loop] : llvm::enumerate(grid.outer))
      blocks[loop] = blockId(2 + i);
    return blocks;
  }

  /// Tiles the anchor and its fused neighbours of `tiled` onto the block's
  /// threads (x along grid.x, y along grid.y), a thread tile each, and
  /// vectorizes the tiles.
  void distributeOverThreads(ScriptBuilder &b, TiledGroup &tiled) const {
    MLIRContext *ctx = b.getContext();
    linalg::LinalgOp anchor = group.anchor;
    SmallVector<Size> perThread(grid.extents.size(), Size::of(0));
    SmallVector<Attribute> threads(grid.extents.size());
    perThread[grid.x] = b.knob(getKnob("v"));
    threads[grid.x] = threadDim(ctx, gpu::MappingId::DimX);
    if (grid.y) {
      perThread[*grid.y] = grid.transposed ? b.knob(getKnob("w")) : Size::of(1);
      threads[*grid.y] = threadDim(ctx, gpu::MappingId::DimY);
    }
    auto distribute = [&](Handle &op, ArrayRef<Size> sizes,
                          ArrayRef<Attribute> mapping) {
      op = b.tileUsingForall(op, sizes, getMapping(sizes, mapping)).first;
      b.vectorize(op);
    };
    distribute(tiled.anchor, perThread, threads);
    // The neighbours' loops are the result's.
    SmallVector<Size> sizes = projectToResultLoops(anchor, perThread);
    SmallVector<Attribute> resultThreads;
    for (unsigned pos : getResultLoopPositions(anchor))
      resultThreads.push_back(threads[pos]);
    for (Handle &op : llvm::concat<Handle>(tiled.producers, tiled.consumers))
      distribute(op, sizes, resultThreads);
  }

  ElementwiseGrid grid;
};

/// The space of gpu.elementwise for `group` on `target`.
std::unique_ptr<SketchInstance>
instantiateGPUElementwise(const Sketch &sketch, const FusedGroup &group,
                          TargetAttr target, std::string &whyNot) {
  linalg::LinalgOp op = group.anchor;
  FailureOr<ElementwiseGrid> grid = analyzeGrid(op, whyNot);
  if (failed(grid) || !isVectorizable(op, whyNot))
    return nullptr;
  MLIRContext *ctx = op->getContext();
  int64_t ex = grid->extents[grid->x];
  // Vectors of up to 16 bytes of the widest element, dividing the row.
  SmallVector<int64_t> vectors;
  for (int64_t v = 1; v * getWidestElementBits(op) <= 128; v *= 2)
    if (ex % v == 0)
      vectors.push_back(v);
  SmallVector<Knob> knobs;
  knobs.push_back(makeIntKnob(ctx, "v", KnobKind::Tile, vectors,
                              "S1: consecutive elements per thread (one "
                              "vector of up to 16 bytes)",
                              ex));
  knobs.push_back(makeIntKnob(ctx, "bx", KnobKind::Tile,
                              getDivisorsIn(ex, 1, 8192),
                              "S0: block tile of the result's innermost "
                              "loop (elements)",
                              ex));
  if (grid->transposed) {
    int64_t ey = grid->extents[*grid->y];
    SmallVector<int64_t> widths;
    for (int64_t w = 1; w * getWidestElementBits(op) <= 128; w *= 2)
      if (ey % w == 0)
        widths.push_back(w);
    knobs.push_back(makeIntKnob(ctx, "w", KnobKind::Tile, widths,
                                "S1: consecutive elements of the transposed "
                                "inputs' rows per thread (a w x v tile "
                                "transposed in registers)",
                                ey));
  }
  if (grid->y) {
    int64_t ey = grid->extents[*grid->y];
    knobs.push_back(makeIntKnob(ctx, "by", KnobKind::Tile,
                                getDivisorsIn(ey, 1, 1024),
                                "S0: block tile of the next loop outward "
                                "(rows, threads along y)",
                                ey));
  }
  return std::make_unique<GPUElementwiseInstance>(
      sketch, std::move(knobs), group, std::move(*grid), target);
}

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createGPUElementwiseSketch() {
  SketchInfo info{"gpu.elementwise", TargetKind::cuda,
                  "an all-parallel op (elementwise, broadcast, transpose) "
                  "tiled onto GPU blocks, a vector of up to 16 bytes of a "
                  "row per thread (a transpose: a tile transposed in "
                  "registers)"};
  info.operands = OperandCheck::StaticTensorsOfAnyElement;
  info.rejectSubByte = true;
  return makeSketch(info, instantiateGPUElementwise);
}
