//===- SimtMatmul.cpp - pipelined CUDA-core f32 matmul kernels ------------===//
//
// The kernel of one block (T = TM TN threads, thread t at (ty, tx) =
// (t / TN, t % TN)) computing a bm x bn f32 tile:
//
//   the copy pipeline of PipelinedMatmul.h: K tiles of A (bm x tileK) and B
//   (tileK x bn) copied with 16-byte cp.async (4 floats) into `stages`
//   swizzled slots of dynamic shared memory, one wait and barrier per tile
//   per 4-deep step of a K tile:
//     a[i] = A[i TM + ty][k .. k+3]           (one 16-byte load per row i)
//     per k' of the 4: b[g] = B[k'][g 4TN + 4tx .. +3] (one per group g)
//                      acc[i][g][j] += a[i][k'] * b[g][j]   (FMAs)
//   epilogue: the fill and the elementwise consumers on the accumulators,
//   stores of two adjacent columns per instruction
//
// A thread's rows are TM apart, so the rows one load instruction of a warp
// reads are consecutive (8 consecutive rows at one chunk hit 8 different
// bank groups through the swizzle); its columns come in groups of 4
// consecutive floats, 4 TN apart, so a quarter warp reads 8 consecutive
// chunks of a row of B.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/TransformOps/SimtMatmul.h"

#include "PipelinedMatmul.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

/// f32 elements per 16-byte chunk, and per column group of a thread.
static constexpr int64_t kChunk = 4;
static constexpr int64_t kWarp = 32;

int64_t mlir::tuner::getSimtSharedBytes(int64_t bm, int64_t bn,
                                        const SimtMatmulOptions &options) {
  return options.stages * (bm + bn) * options.tileK * 4;
}

int64_t mlir::tuner::getSimtAccumulators(int64_t bm, int64_t bn,
                                         const SimtMatmulOptions &options) {
  return (bm / options.threadsM) * (bn / options.threadsN);
}

LogicalResult mlir::tuner::checkSimtTiles(int64_t bm, int64_t bn, int64_t k,
                                          const SimtMatmulOptions &options,
                                          std::string &whyNot) {
  auto fail = [&](const Twine &reason) {
    whyNot = reason.str();
    return failure();
  };
  int64_t threads = options.threadsM * options.threadsN;
  if (options.threadsM < 1 || options.threadsN < 1 || threads < kWarp ||
      threads > 1024 || threads % kWarp)
    return fail("needs 32 to 1024 threads in whole warps");
  if (bm % options.threadsM || bn % (kChunk * options.threadsN))
    return fail("the " + Twine(options.threadsM) + "x" +
                Twine(options.threadsN) + " threads must split the " +
                Twine(bm) + "x" + Twine(bn) +
                " tile into rows and groups of 4 columns");
  if (options.tileK < 2 * kChunk || options.tileK % kChunk || k % options.tileK)
    return fail(
        "the K tile " + Twine(options.tileK) +
        " must be a multiple of 4, at least 8, that divides K = " + Twine(k));
  if (options.stages < 2 || options.stages > 8)
    return fail("needs 2 to 8 stages");
  int64_t acc = getSimtAccumulators(bm, bn, options);
  if (acc > 128)
    return fail(Twine(acc) + " accumulators per thread (at most 128)");
  if (!isSwizzlable(options.tileK / kChunk) || !isSwizzlable(bn / kChunk))
    return fail("shared-memory rows of " + Twine(options.tileK) + " and " +
                Twine(bn) +
                " floats: the swizzle takes 8, 16 or a multiple "
                "of 32");
  return success();
}

FailureOr<std::optional<SimtMatmulOptions>>
mlir::tuner::getSimtOptions(Operation *op) {
  auto marks = readKernelMarks(op,
                               {kSimtThreadsMAttrName, kSimtThreadsNAttrName,
                                kSimtTileKAttrName, kSimtStagesAttrName},
                               "a CUDA-core matmul kernel");
  if (failed(marks))
    return failure();
  if (!*marks)
    return std::optional<SimtMatmulOptions>();
  ArrayRef<int64_t> v = **marks;
  return std::optional<SimtMatmulOptions>(
      SimtMatmulOptions{v[0], v[1], v[2], v[3]});
}

namespace {
/// The shapes and values of one thread's kernel.
struct Kernel {
  int64_t bm = 0, bn = 0, k = 0;
  SimtMatmulOptions options;
  StagedTiles tiles;
  Value c, ty, tx;

  int64_t rows() const { return bm / options.threadsM; }
  int64_t groups() const { return bn / options.threadsN / kChunk; }
  int64_t columns() const { return groups() * kChunk; }
  /// Accumulator slot of row i, group g, column j.
  int64_t slot(int64_t i, int64_t g, int64_t j) const {
    return (i * groups() + g) * kChunk + j;
  }
};
} // namespace

/// The 16-byte load of chunk `chunk` of row `row` of stage `stage` of a
/// swizzled tile with `chunks` chunks per row.
static Value loadChunk(const IndexBuilder &ib, Value shared, Value stage,
                       Value row, Value chunk, int64_t chunks) {
  Value col = ib.mul(swizzle(ib, row, chunk, chunks), kChunk);
  return vector::LoadOp::create(ib.b, ib.loc,
                                VectorType::get({kChunk}, ib.b.getF32Type()),
                                shared, ValueRange{stage, row, col},
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
}

/// The FMAs of the K tile in stage `stage`; the new accumulators.
static SmallVector<Value> computeStage(const IndexBuilder &ib,
                                       const Kernel &kernel, Value stage,
                                       ArrayRef<Value> acc) {
  OpBuilder &b = ib.b;
  Location loc = ib.loc;
  const StagedTiles &tiles = kernel.tiles;
  int64_t chunksA = tiles.tileK / kChunk, chunksB = tiles.bn / kChunk;
  SmallVector<Value> out(acc);
  for (int64_t k4 = 0; k4 < chunksA; ++k4) {
    SmallVector<Value> a;
    for (int64_t i = 0; i < kernel.rows(); ++i) {
      Value row = ib.add(kernel.ty, i * kernel.options.threadsM);
      a.push_back(loadChunk(ib, tiles.sharedA, stage, row, ib.c(k4), chunksA));
    }
    for (int64_t kk = 0; kk < kChunk; ++kk) {
      Value kRow = ib.c(k4 * kChunk + kk);
      SmallVector<Value> bGroups;
      for (int64_t g = 0; g < kernel.groups(); ++g)
        bGroups.push_back(
            loadChunk(ib, tiles.sharedB, stage, kRow,
                      ib.add(kernel.tx, g * kernel.options.threadsN), chunksB));
      for (int64_t i = 0; i < kernel.rows(); ++i) {
        Value ai = vector::ExtractOp::create(b, loc, a[i], kk);
        for (int64_t g = 0; g < kernel.groups(); ++g)
          for (int64_t j = 0; j < kChunk; ++j) {
            Value bj = vector::ExtractOp::create(b, loc, bGroups[g], j);
            Value &c = out[kernel.slot(i, g, j)];
            c = math::FmaOp::create(b, loc, ai, bj, c);
          }
      }
    }
  }
  return out;
}

/// The position of every accumulator slot of the thread.
static AccumulatorSlots getSlots(const IndexBuilder &ib, const Kernel &kernel) {
  SmallVector<Value> rows, cols;
  for (int64_t i = 0; i < kernel.rows(); ++i)
    rows.push_back(ib.add(kernel.ty, i * kernel.options.threadsM));
  Value firstCol = ib.mul(kernel.tx, kChunk);
  for (int64_t g = 0; g < kernel.groups(); ++g)
    for (int64_t j = 0; j < kChunk; ++j)
      cols.push_back(
          ib.add(firstCol, g * kChunk * kernel.options.threadsN + j));
  AccumulatorSlots slots;
  for (int64_t i = 0; i < kernel.rows(); ++i)
    for (int64_t g = 0; g < kernel.groups(); ++g)
      for (int64_t j = 0; j < kChunk; ++j) {
        slots.rows.push_back(rows[i]);
        slots.cols.push_back(cols[g * kChunk + j]);
      }
  return slots;
}

LogicalResult mlir::tuner::checkSimtMatmul(linalg::MatmulOp matmul,
                                           const SimtMatmulOptions &options,
                                           std::string &whyNot) {
  if (failed(checkBlockMatmul(matmul, kChunk, whyNot)))
    return failure();
  auto cType = cast<MemRefType>(matmul.getDpsInits()[0].getType());
  if (!llvm::all_of(matmul->getOperandTypes(), [](Type t) {
        return cast<MemRefType>(t).getElementType().isF32();
      })) {
    whyNot = "expected f32 x f32 -> f32";
    return failure();
  }
  int64_t k =
      cast<MemRefType>(matmul.getDpsInputs()[0].getType()).getDimSize(1);
  return checkSimtTiles(cType.getDimSize(0), cType.getDimSize(1), k, options,
                        whyNot);
}

FailureOr<scf::ForallOp>
mlir::tuner::rewriteMatmulAsSimtKernel(RewriterBase &rewriter,
                                       linalg::MatmulOp matmul,
                                       const SimtMatmulOptions &options) {
  std::string whyNot;
  if (failed(checkSimtMatmul(matmul, options, whyNot)))
    return matmul.emitError("cannot build a CUDA-core matmul kernel: ")
           << whyNot;
  TensorCoreEpilogue epilogue = analyzeTensorCoreEpilogue(matmul);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(epilogue.last);
  Location loc = matmul.getLoc();
  IndexBuilder ib{rewriter, loc};
  Kernel kernel;
  kernel.c = matmul.getDpsInits()[0];
  auto cType = cast<MemRefType>(kernel.c.getType());
  kernel.bm = cType.getDimSize(0);
  kernel.bn = cType.getDimSize(1);
  kernel.k = cast<MemRefType>(matmul.getDpsInputs()[0].getType()).getDimSize(1);
  kernel.options = options;
  StagedTiles &tiles = kernel.tiles;
  tiles.bm = kernel.bm;
  tiles.bn = kernel.bn;
  tiles.k = kernel.k;
  tiles.tileK = options.tileK;
  tiles.stages = options.stages;
  tiles.threads = options.threadsM * options.threadsN;
  tiles.chunk = kChunk;
  tiles.a = matmul.getDpsInputs()[0];
  tiles.b = matmul.getDpsInputs()[1];
  allocateStagedTiles(ib, tiles, rewriter.getF32Type());
  scf::ForallOp forall = createThreadLoop(rewriter, loc, tiles.threads);
  {
    OpBuilder::InsertionGuard inLoop(rewriter);
    rewriter.setInsertionPoint(forall.getBody()->getTerminator());
    Value tid = forall.getInductionVars()[0];
    kernel.ty = ib.div(tid, options.threadsN);
    kernel.tx = ib.rem(tid, options.threadsN);
    AccumulatorSlots slots = getSlots(ib, kernel);
    SmallVector<Value> acc =
        initAccumulators(ib, kernel.c, epilogue.fill, slots);
    acc = buildPipelinedLoop(ib, tiles, tid, acc,
                             [&](Value stage, ArrayRef<Value> carried) {
                               return computeStage(ib, kernel, stage, carried);
                             });
    emitTensorCoreEpilogue(rewriter, loc, epilogue, matmul, acc, slots);
  }
  eraseAbsorbedOps(rewriter, epilogue, matmul);
  return forall;
}
