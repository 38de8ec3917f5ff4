//===- TensorCoreMatmul.cpp - pipelined tensor-core matmul kernels --------===//
//
// The kernel of one block (T = 32 warpsM warpsN threads; warp w owns rows
// [wi WM, (wi + 1) WM) and columns [wj WN, (wj + 1) WN) of the block tile,
// wi = w / warpsN, wj = w % warpsN, WM = bm / warpsM, WN = bn / warpsN):
//
//   prologue   K tiles 0 .. S-2 copied (cp.async, 16 bytes per thread and
//              copy), one commit group per tile
//   for kt in [0, K / tileK):                       accumulators carried
//     cp.async.wait_group S-2; barrier     tile kt arrived (all threads'
//                                          copies), tile kt-1's slot free
//     copy tile kt + S - 1 (if any) into that slot; commit a group
//     per 16-wide k step: ldmatrix.x4 of the warp's A fragments, .x4.trans
//     of its B fragments, mma.sync m16n8k16 per 16 x 8 tile of the warp
//   epilogue   the absorbed fill / elementwise ops on the accumulators,
//              stores of two adjacent columns per instruction
//
// Shared memory (dynamic, one buffer, PipelinedMatmul.h): S x [bm][tileK]
// of A, then S x [tileK][bn] of B. Rows are cut into 16-byte chunks (8
// elements); chunk c of row r is stored at chunk c ^ f(r), f(r) = r % 8 for
// rows of at least 8 chunks, (r / (8 / C)) % C for rows of C = 2 or 4
// chunks: the 8 rows one ldmatrix phase reads (8 consecutive rows at one
// chunk) and the 8 chunks a quarter warp copies land in 8 different 4-bank
// groups.
//
// Fragments (PTX ISA, mma.m16n8k16; g = lane / 4, t = lane % 4):
//   A 16x16 (row): register r holds row g + 8 (r % 2),
//                  columns 2t + 8 (r / 2) + {0, 1}
//   B 16x8 (col):  register r holds rows 2t + 8r + {0, 1}, column g
//   C 16x8:        element 2h + e is at row g + 8h, column 2t + e
// ldmatrix .x4: lane l gives the address of row l % 8 of matrix l / 8;
// register j of lane l gets row g, columns 2t + {0,1} of matrix j (.trans:
// rows 2t + {0,1}, column g). With lane l addressing row l % 16, column
// 8 (l / 16) of a 16 x 16 tile, the matrices are (rows 0-7 | 8-15) x
// (columns 0-7 | 8-15) in the order (0,0), (8,0), (0,8), (8,8): for A
// that is its registers 0..3; for B stored [k][n] and .trans, registers 0,
// 1 are the B fragment of columns 0-7 and registers 2, 3 that of 8-15.
//
// tf32 (f32 inputs, mma.m16n8k8): chunks of 4 f32, K steps of 8. A 16x8
// (row): register r holds row g + 8 (r % 2), column t + 4 (r / 2), which is
// what the same ldmatrix .x4 gives when each 16-byte matrix row is 4 f32.
// B 8x8 (col): register r holds row t + 4r, column g, read one f32 at a
// time (.trans would move 16-bit halves). Every operand is rounded with
// cvt.rna.tf32.f32.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"

#include "PipelinedMatmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

static constexpr int64_t kThreadsPerWarp = 32;
/// The mma.sync shape (M, N; K is 16 for 16-bit inputs, 8 for tf32).
static constexpr int64_t kMmaM = 16, kMmaN = 8;

/// Elements of `elementBytes` bytes per 16-byte chunk: one cp.async, one
/// ldmatrix row.
static int64_t getChunk(int64_t elementBytes) { return 16 / elementBytes; }
/// The K of one mma.sync: 16 for f16/bf16, 8 for tf32 (f32 inputs).
static int64_t getMmaK(int64_t elementBytes) {
  return elementBytes == 4 ? 8 : 16;
}

int64_t
mlir::tuner::getTensorCoreSharedBytes(int64_t bm, int64_t bn,
                                      const TensorCoreMatmulOptions &options,
                                      int64_t elementBytes) {
  return options.stages * (bm + bn) * options.tileK * elementBytes;
}

int64_t
mlir::tuner::getTensorCoreAccumulators(int64_t bm, int64_t bn,
                                       const TensorCoreMatmulOptions &options) {
  return (bm / options.warpsM / kMmaM) * (bn / options.warpsN / kMmaN) * 4;
}

LogicalResult
mlir::tuner::checkTensorCoreTiles(int64_t bm, int64_t bn, int64_t k,
                                  const TensorCoreMatmulOptions &options,
                                  std::string &whyNot, int64_t elementBytes) {
  int64_t chunk = getChunk(elementBytes), mmaK = getMmaK(elementBytes);
  auto fail = [&](const Twine &reason) {
    whyNot = reason.str();
    return failure();
  };
  int64_t warps = options.warpsM * options.warpsN;
  if (options.warpsM < 1 || options.warpsN < 1 || warps > 32)
    return fail("needs 1 to 32 warps per block");
  if (bm % (options.warpsM * 16) || bn % (options.warpsN * 16))
    return fail("each warp's tile of " + Twine(bm) + "x" + Twine(bn) + " / " +
                Twine(options.warpsM) + "x" + Twine(options.warpsN) +
                " warps must be made of 16x16 fragments");
  if (options.tileK < mmaK || options.tileK % mmaK || k % options.tileK)
    return fail("the K tile " + Twine(options.tileK) +
                " must be a multiple of " + Twine(mmaK) +
                " that divides K = " + Twine(k));
  if (options.stages < 2 || options.stages > 8)
    return fail("needs 2 to 8 stages");
  int64_t acc = getTensorCoreAccumulators(bm, bn, options);
  if (acc > 128)
    return fail(Twine(acc) + " accumulators per thread (at most 128)");
  if (!isSwizzlable(options.tileK / chunk) || !isSwizzlable(bn / chunk))
    return fail("shared-memory rows of " + Twine(options.tileK) + " and " +
                Twine(bn) +
                " elements: the swizzle takes 16, 32 or a "
                "multiple of 64");
  return success();
}

FailureOr<std::optional<TensorCoreMatmulOptions>>
mlir::tuner::getTensorCoreOptions(Operation *op) {
  auto marks =
      readKernelMarks(op,
                      {kTensorCoreWarpsMAttrName, kTensorCoreWarpsNAttrName,
                       kTensorCoreTileKAttrName, kTensorCoreStagesAttrName},
                      "a tensor-core matmul");
  if (failed(marks))
    return failure();
  if (!*marks)
    return std::optional<TensorCoreMatmulOptions>();
  ArrayRef<int64_t> v = **marks;
  return std::optional<TensorCoreMatmulOptions>(
      TensorCoreMatmulOptions{v[0], v[1], v[2], v[3]});
}

namespace {
/// The shapes of one kernel.
struct Geometry {
  int64_t bm, bn, k;
  TensorCoreMatmulOptions options;
  /// Bytes per input element: 2 (f16, bf16), 4 (f32 on tf32 tensor cores).
  int64_t elementBytes = 2;

  bool isTF32() const { return elementBytes == 4; }
  int64_t chunk() const { return getChunk(elementBytes); }
  int64_t mmaK() const { return getMmaK(elementBytes); }

  int64_t threads() const {
    return options.warpsM * options.warpsN * kThreadsPerWarp;
  }
  int64_t warpRows() const { return bm / options.warpsM; }
  int64_t warpCols() const { return bn / options.warpsN; }
  /// A fragments (16 rows) and mma tiles (8 columns) of a warp.
  int64_t fragmentsM() const { return warpRows() / kMmaM; }
  int64_t tilesN() const { return warpCols() / kMmaN; }
  int64_t kTiles() const { return k / options.tileK; }
  int64_t accumulators() const { return fragmentsM() * tilesN() * 4; }
  /// Accumulator slot of element i of the mma tile (mi, ni).
  int64_t slot(int64_t mi, int64_t ni, int64_t i) const {
    return (mi * tilesN() + ni) * 4 + i;
  }
};

/// The values of one thread's kernel.
struct Kernel {
  Geometry g;
  /// A's and B's tiles in global and shared memory.
  StagedTiles tiles;
  /// C's block tile (bm x bn).
  Value c;
  Value tid, lane;
  /// The first row and column of the warp's tile.
  Value warpRow, warpCol;
};
} // namespace

/// ldmatrix .x4 of the 16 x 16 tile at (row0, col0) of stage `stage` of
/// `shared`: lane l addresses row l % 16, column 8 (l / 16).
static Value loadMatrices(const IndexBuilder &ib, const Kernel &kernel,
                          Value shared, Value stage, Value row0, int64_t col0,
                          Value colOffset, int64_t chunks, bool transpose) {
  int64_t width = kernel.g.chunk();
  Value row = ib.add(row0, ib.rem(kernel.lane, 16));
  Value chunk = ib.add(ib.div(colOffset, width),
                       ib.add(ib.div(kernel.lane, 16), col0 / width));
  Value col = ib.mul(swizzle(ib, row, chunk, chunks), width);
  Type element = cast<MemRefType>(shared.getType()).getElementType();
  // Each matrix row is 16 bytes: 8 16-bit elements, or 4 f32 (a register
  // of 32 bits per lane either way).
  int64_t perRegister = 4 / kernel.g.elementBytes;
  return nvgpu::LdMatrixOp::create(
      ib.b, ib.loc, VectorType::get({4, perRegister}, element), shared,
      ValueRange{stage, row, col}, transpose,
      /*numTiles=*/4);
}

/// An f32 as a tf32 operand of mma.sync: rounded to tf32's 10 mantissa bits
/// (cvt.rna.tf32.f32; the tensor core would truncate), in an i32.
static Value asTF32Register(const IndexBuilder &ib, Value value) {
  return NVVM::ConvertFloatToTF32Op::create(ib.b, ib.loc, ib.b.getI32Type(),
                                            value, NVVM::FPRoundingMode::RNA);
}

/// Register `r` of `matrices` (an ldmatrix result) as mma.sync takes it:
/// an i32 for bf16 (nvvm.mma.sync has no bf16 vector operands) and tf32, a
/// vector<2xf16> for f16.
static Value getRegister(const IndexBuilder &ib, Value matrices, int64_t r) {
  Value pair = vector::ExtractOp::create(ib.b, ib.loc, matrices, r);
  Type element = cast<VectorType>(pair.getType()).getElementType();
  if (element.isF32())
    return asTF32Register(ib, vector::ExtractOp::create(ib.b, ib.loc, pair, 0));
  if (element.isBF16())
    return LLVM::BitcastOp::create(ib.b, ib.loc, ib.b.getI32Type(), pair);
  return pair;
}

/// One mma.sync m16n8k`mmaK` of `element` inputs on `acc` (4 values of the
/// tile), A and B fragments in registers as it takes them; the new values.
static SmallVector<Value> mmaSync(const IndexBuilder &ib, Type element,
                                  int64_t mmaK, ArrayRef<Value> aRegs,
                                  ArrayRef<Value> bRegs, ArrayRef<Value> acc) {
  OpBuilder &b = ib.b;
  Location loc = ib.loc;
  SmallVector<Value> cRegs;
  Type accType = acc[0].getType();
  bool f16Acc = accType.isF16();
  auto f16Pair = VectorType::get({2}, accType);
  if (f16Acc) {
    for (int64_t h = 0; h < 2; ++h)
      cRegs.push_back(vector::FromElementsOp::create(
          b, loc, f16Pair, ValueRange{acc[2 * h], acc[2 * h + 1]}));
  } else {
    llvm::append_range(cRegs, acc);
  }
  SmallVector<Type> fields(cRegs.size(), cRegs[0].getType());
  auto resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), fields);
  NVVM::MMATypes ptxType = element.isBF16()  ? NVVM::MMATypes::bf16
                           : element.isF32() ? NVVM::MMATypes::tf32
                                             : NVVM::MMATypes::f16;
  Value d = NVVM::MmaOp::create(
      b, loc, resultType, aRegs, bRegs, cRegs,
      ArrayRef<int64_t>{kMmaM, kMmaN, mmaK}, std::nullopt, std::nullopt,
      std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> out;
  for (int64_t i = 0, e = cRegs.size(); i < e; ++i) {
    Value field = LLVM::ExtractValueOp::create(b, loc, d, i);
    if (!f16Acc) {
      out.push_back(field);
      continue;
    }
    for (int64_t j = 0; j < 2; ++j)
      out.push_back(vector::ExtractOp::create(b, loc, field, j));
  }
  return out;
}

/// The tf32 B fragment of mma.m16n8k8 for the 8 columns from `col0` of the
/// K step from `k0`: rows k0 + t and k0 + t + 4 of column g (t = lane % 4,
/// g = lane / 4), read one f32 at a time (ldmatrix's transpose moves 16-bit
/// halves, not 32-bit elements).
static SmallVector<Value> loadTF32B(const IndexBuilder &ib,
                                    const Kernel &kernel, Value stage,
                                    int64_t k0, Value col0) {
  const Geometry &g = kernel.g;
  Value col = ib.add(col0, ib.div(kernel.lane, 4));
  SmallVector<Value> regs;
  for (int64_t r = 0; r < 2; ++r) {
    Value row = ib.add(ib.rem(kernel.lane, 4), k0 + 4 * r);
    Value chunk = swizzle(ib, row, ib.div(col, g.chunk()), g.bn / g.chunk());
    Value stored = ib.add(ib.mul(chunk, g.chunk()), ib.rem(col, g.chunk()));
    Value value = memref::LoadOp::create(ib.b, ib.loc, kernel.tiles.sharedB,
                                         ValueRange{stage, row, stored});
    regs.push_back(asTF32Register(ib, value));
  }
  return regs;
}

/// The mma.sync steps on the K tile in stage `stage`; the new accumulators.
static SmallVector<Value> computeStage(const IndexBuilder &ib,
                                       const Kernel &kernel, Value stage,
                                       ArrayRef<Value> acc) {
  const Geometry &g = kernel.g;
  Type element =
      cast<MemRefType>(kernel.tiles.sharedA.getType()).getElementType();
  SmallVector<Value> out(acc);
  Value zero = ib.c(0);
  for (int64_t kk = 0; kk < g.options.tileK; kk += g.mmaK()) {
    SmallVector<SmallVector<Value>> aRegs, bRegs;
    for (int64_t mi = 0; mi < g.fragmentsM(); ++mi) {
      Value matrices = loadMatrices(ib, kernel, kernel.tiles.sharedA, stage,
                                    ib.add(kernel.warpRow, mi * kMmaM), kk,
                                    zero, g.options.tileK / g.chunk(),
                                    /*transpose=*/false);
      aRegs.emplace_back();
      for (int64_t r = 0; r < 4; ++r)
        aRegs.back().push_back(getRegister(ib, matrices, r));
    }
    for (int64_t nj = 0; nj < g.tilesN() / 2; ++nj) {
      if (g.isTF32()) {
        for (int64_t h = 0; h < 2; ++h)
          bRegs.push_back(
              loadTF32B(ib, kernel, stage, kk,
                        ib.add(kernel.warpCol, (2 * nj + h) * kMmaN)));
        continue;
      }
      // .trans: registers 0, 1 are the fragment of columns 0-7, 2, 3 that
      // of 8-15.
      Value matrices =
          loadMatrices(ib, kernel, kernel.tiles.sharedB, stage, ib.c(kk),
                       nj * 2 * kMmaN, kernel.warpCol, g.bn / g.chunk(),
                       /*transpose=*/true);
      for (int64_t h = 0; h < 2; ++h)
        bRegs.push_back({getRegister(ib, matrices, 2 * h),
                         getRegister(ib, matrices, 2 * h + 1)});
    }
    for (int64_t mi = 0; mi < g.fragmentsM(); ++mi)
      for (int64_t ni = 0; ni < g.tilesN(); ++ni) {
        int64_t s = g.slot(mi, ni, 0);
        SmallVector<Value> d =
            mmaSync(ib, element, g.mmaK(), aRegs[mi], bRegs[ni],
                    ArrayRef<Value>(out).slice(s, 4));
        std::copy(d.begin(), d.end(), out.begin() + s);
      }
  }
  return out;
}

/// The position of every accumulator slot of the thread (C fragments).
static AccumulatorSlots getSlots(const IndexBuilder &ib, const Kernel &kernel) {
  const Geometry &g = kernel.g;
  Value group = ib.div(kernel.lane, 4);
  Value pairCol = ib.mul(ib.rem(kernel.lane, 4), 2);
  SmallVector<Value> rows, cols;
  for (int64_t mi = 0; mi < g.fragmentsM(); ++mi)
    for (int64_t h = 0; h < 2; ++h)
      rows.push_back(ib.add(ib.add(kernel.warpRow, group), mi * kMmaM + 8 * h));
  for (int64_t ni = 0; ni < g.tilesN(); ++ni)
    for (int64_t e = 0; e < 2; ++e)
      cols.push_back(ib.add(ib.add(kernel.warpCol, pairCol), ni * kMmaN + e));
  AccumulatorSlots slots;
  for (int64_t mi = 0; mi < g.fragmentsM(); ++mi)
    for (int64_t ni = 0; ni < g.tilesN(); ++ni)
      for (int64_t i = 0; i < 4; ++i) {
        slots.rows.push_back(rows[mi * 2 + i / 2]);
        slots.cols.push_back(cols[ni * 2 + i % 2]);
      }
  return slots;
}

/// Checks the preconditions of rewriteMatmulAsTensorCoreKernel; the kernel's
/// shapes on success.
static FailureOr<Geometry> checkMatmul(linalg::MatmulOp matmul,
                                       const TensorCoreMatmulOptions &options,
                                       std::string &whyNot) {
  auto aType = cast<MemRefType>(matmul.getDpsInputs()[0].getType());
  auto cType = cast<MemRefType>(matmul.getDpsInits()[0].getType());
  Type a = aType.getElementType(),
       b = getElementTypeOrSelf(matmul.getDpsInputs()[1].getType()),
       c = cType.getElementType();
  if (a != b ||
      !((a.isBF16() && c.isF32()) || (a.isF16() && (c.isF32() || c.isF16())) ||
        (a.isF32() && c.isF32()))) {
    whyNot = "expected bf16 x bf16 -> f32, f16 x f16 -> f32, f16 x f16 -> "
             "f16 or f32 x f32 -> f32 (tf32)";
    return failure();
  }
  int64_t elementBytes = a.getIntOrFloatBitWidth() / 8;
  if (failed(checkBlockMatmul(matmul, getChunk(elementBytes), whyNot)))
    return failure();
  Geometry g{cType.getDimSize(0), cType.getDimSize(1), aType.getDimSize(1),
             options, elementBytes};
  if (failed(
          checkTensorCoreTiles(g.bm, g.bn, g.k, options, whyNot, elementBytes)))
    return failure();
  return g;
}

/// Emits the thread loop of the kernel at the rewriter's point.
static scf::ForallOp buildKernel(RewriterBase &rewriter, const Geometry &g,
                                 linalg::MatmulOp matmul,
                                 const TensorCoreEpilogue &epilogue) {
  Location loc = matmul.getLoc();
  IndexBuilder ib{rewriter, loc};
  Kernel kernel;
  kernel.g = g;
  StagedTiles &tiles = kernel.tiles;
  tiles.bm = g.bm;
  tiles.bn = g.bn;
  tiles.k = g.k;
  tiles.tileK = g.options.tileK;
  tiles.stages = g.options.stages;
  tiles.threads = g.threads();
  tiles.chunk = g.chunk();
  tiles.a = matmul.getDpsInputs()[0];
  tiles.b = matmul.getDpsInputs()[1];
  kernel.c = matmul.getDpsInits()[0];
  allocateStagedTiles(ib, tiles,
                      cast<MemRefType>(tiles.a.getType()).getElementType());
  scf::ForallOp forall = createThreadLoop(rewriter, loc, g.threads());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall.getBody()->getTerminator());
  kernel.tid = forall.getInductionVars()[0];
  kernel.lane = ib.rem(kernel.tid, kThreadsPerWarp);
  Value warp = ib.div(kernel.tid, kThreadsPerWarp);
  kernel.warpRow = ib.mul(ib.div(warp, g.options.warpsN), g.warpRows());
  kernel.warpCol = ib.mul(ib.rem(warp, g.options.warpsN), g.warpCols());
  AccumulatorSlots slots = getSlots(ib, kernel);
  SmallVector<Value> acc = initAccumulators(ib, kernel.c, epilogue.fill, slots);
  acc = buildPipelinedLoop(ib, tiles, kernel.tid, acc,
                           [&](Value stage, ArrayRef<Value> carried) {
                             return computeStage(ib, kernel, stage, carried);
                           });
  emitTensorCoreEpilogue(rewriter, loc, epilogue, matmul, acc, slots);
  return forall;
}

LogicalResult
mlir::tuner::checkTensorCoreMatmul(linalg::MatmulOp matmul,
                                   const TensorCoreMatmulOptions &options,
                                   std::string &whyNot) {
  return success(succeeded(checkMatmul(matmul, options, whyNot)));
}

FailureOr<scf::ForallOp> mlir::tuner::rewriteMatmulAsTensorCoreKernel(
    RewriterBase &rewriter, linalg::MatmulOp matmul,
    const TensorCoreMatmulOptions &options) {
  std::string whyNot;
  FailureOr<Geometry> g = checkMatmul(matmul, options, whyNot);
  if (failed(g))
    return matmul.emitError("cannot build a tensor-core kernel: ") << whyNot;
  TensorCoreEpilogue epilogue = analyzeTensorCoreEpilogue(matmul);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(epilogue.last);
  scf::ForallOp forall = buildKernel(rewriter, *g, matmul, epilogue);
  eraseAbsorbedOps(rewriter, epilogue, matmul);
  return forall;
}
