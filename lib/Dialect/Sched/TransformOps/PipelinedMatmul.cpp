//===- PipelinedMatmul.cpp - the copy pipeline of matmul kernels ----------===//
//
// The pieces the tensor-core and CUDA-core matmul kernels share
// (PipelinedMatmul.h). A K tile of A is copied as bm rows of tileK / chunk
// 16-byte chunks, one of B as tileK rows of bn / chunk chunks: chunk q of a
// tile goes to thread q mod T, with one `cp.async.cg` (16 bytes, L1
// bypassed) each; rows of the swizzled layout keep their chunks, permuted.
//
//===----------------------------------------------------------------------===//

#include "PipelinedMatmul.h"

#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

//===----------------------------------------------------------------------===//
// IndexBuilder
//===----------------------------------------------------------------------===//

Value IndexBuilder::c(int64_t v) const {
  return arith::ConstantIndexOp::create(b, loc, v);
}
Value IndexBuilder::add(Value x, Value y) const {
  return arith::AddIOp::create(b, loc, x, y);
}
Value IndexBuilder::add(Value x, int64_t y) const {
  return y ? add(x, c(y)) : x;
}
Value IndexBuilder::mul(Value x, int64_t y) const {
  return y == 1 ? x : arith::MulIOp::create(b, loc, x, c(y));
}
Value IndexBuilder::div(Value x, int64_t y) const {
  return y == 1 ? x : arith::DivUIOp::create(b, loc, x, c(y));
}
Value IndexBuilder::rem(Value x, int64_t y) const {
  return arith::RemUIOp::create(b, loc, x, c(y));
}
Value IndexBuilder::bitXor(Value x, Value y) const {
  return arith::XOrIOp::create(b, loc, x, y);
}
Value IndexBuilder::ult(Value x, int64_t y) const {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, c(y));
}
Value IndexBuilder::nextMod(Value x, int64_t m) const {
  Value next = add(x, 1);
  Value wraps =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, next, c(m));
  return arith::SelectOp::create(b, loc, wraps, c(0), next);
}

//===----------------------------------------------------------------------===//
// Shared memory and copies
//===----------------------------------------------------------------------===//

bool mlir::tuner::detail::isSwizzlable(int64_t chunks) {
  return chunks == 2 || chunks == 4 || (chunks > 0 && chunks % 8 == 0);
}

Value mlir::tuner::detail::swizzle(const IndexBuilder &ib, Value row,
                                   Value chunk, int64_t chunks) {
  Value bits =
      chunks >= 8 ? ib.rem(row, 8) : ib.rem(ib.div(row, 8 / chunks), chunks);
  return ib.bitXor(chunk, bits);
}

void mlir::tuner::detail::allocateStagedTiles(const IndexBuilder &ib,
                                              StagedTiles &tiles,
                                              Type element) {
  OpBuilder &b = ib.b;
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  auto dynamic = gpu::DynamicSharedMemoryOp::create(
      b, ib.loc,
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  dynamic->setAttr(kSharedBytesAttrName,
                   b.getI64IntegerAttr(tiles.getSharedBytes(bytes)));
  int64_t rowA = tiles.tileK + tiles.padA;
  auto aType = MemRefType::get({tiles.stages, tiles.bm, rowA}, element,
                               MemRefLayoutAttrInterface(), workgroup);
  auto bType = MemRefType::get({tiles.stages, tiles.tileK, tiles.bn}, element,
                               MemRefLayoutAttrInterface(), workgroup);
  tiles.sharedA =
      memref::ViewOp::create(b, ib.loc, aType, dynamic, ib.c(0), ValueRange{});
  tiles.sharedB = memref::ViewOp::create(
      b, ib.loc, bType, dynamic, ib.c(tiles.stages * tiles.bm * rowA * bytes),
      ValueRange{});
}

/// Copies a `rows` x `chunks` chunk tile of `src` from (row0, col0) into
/// stage `stage` of `dst`: chunk q = tid + i T to thread tid.
static void copyTile(const IndexBuilder &ib, const StagedTiles &tiles,
                     Value tid, Value src, Value row0, Value col0, Value dst,
                     Value stage, int64_t rows, int64_t chunks) {
  OpBuilder &b = ib.b;
  int64_t total = rows * chunks, threads = tiles.threads;
  for (int64_t first = 0; first < total; first += threads) {
    OpBuilder::InsertionGuard guard(b);
    // The last round of an uneven split: only the threads with a chunk.
    if (first + threads > total) {
      auto guarded = scf::IfOp::create(b, ib.loc, ib.ult(tid, total - first));
      b.setInsertionPointToStart(&guarded.getThenRegion().front());
    }
    Value q = ib.add(tid, first);
    Value row = ib.div(q, chunks), chunk = ib.rem(q, chunks);
    Value srcRow = ib.add(row0, row);
    Value srcCol = ib.add(col0, ib.mul(chunk, tiles.chunk));
    Value stored = tiles.swizzled ? swizzle(ib, row, chunk, chunks) : chunk;
    Value dstCol = ib.mul(stored, tiles.chunk);
    nvgpu::DeviceAsyncCopyOp::create(
        b, ib.loc, dst, ValueRange{stage, row, dstCol}, src,
        ValueRange{srcRow, srcCol}, b.getIndexAttr(tiles.chunk),
        /*srcElements=*/Value(), b.getUnitAttr());
  }
}

/// Copies K tile `kTile` of A and B into stage `stage`.
static void copyStage(const IndexBuilder &ib, const StagedTiles &tiles,
                      Value tid, Value stage, Value kTile) {
  Value k0 = ib.mul(kTile, tiles.tileK), zero = ib.c(0);
  copyTile(ib, tiles, tid, tiles.a, zero, k0, tiles.sharedA, stage, tiles.bm,
           tiles.tileK / tiles.chunk);
  copyTile(ib, tiles, tid, tiles.b, k0, zero, tiles.sharedB, stage, tiles.tileK,
           tiles.bn / tiles.chunk);
}

//===----------------------------------------------------------------------===//
// The loops
//===----------------------------------------------------------------------===//

scf::ForallOp mlir::tuner::detail::createThreadLoop(RewriterBase &rewriter,
                                                    Location loc,
                                                    int64_t threads) {
  MLIRContext *ctx = rewriter.getContext();
  return scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(0)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(threads)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)}, ValueRange(),
      rewriter.getArrayAttr(
          {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::DimX)}));
}

SmallVector<Value> mlir::tuner::detail::buildPipelinedLoop(
    const IndexBuilder &ib, const StagedTiles &tiles, Value tid,
    ArrayRef<Value> acc, ComputeStage compute) {
  OpBuilder &b = ib.b;
  Location loc = ib.loc;
  int64_t stages = tiles.stages, kTiles = tiles.kTiles();
  auto commit = [&] { NVVM::CpAsyncCommitGroupOp::create(b, loc); };
  // Prologue: one group per stage but the last, empty past the last tile.
  for (int64_t s = 0; s + 1 < stages; ++s) {
    if (s < kTiles)
      copyStage(ib, tiles, tid, ib.c(s), ib.c(s));
    commit();
  }
  SmallVector<Value> inits = {ib.c(0), ib.c(stages - 1)};
  llvm::append_range(inits, acc);
  auto loop = scf::ForOp::create(b, loc, ib.c(0), ib.c(kTiles), ib.c(1), inits);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value kt = loop.getInductionVar();
  Value read = loop.getRegionIterArgs()[0];
  Value write = loop.getRegionIterArgs()[1];
  NVVM::CpAsyncWaitGroupOp::create(b, loc, b.getI32IntegerAttr(stages - 2));
  gpu::BarrierOp::create(b, loc);
  Value next = ib.add(kt, stages - 1);
  auto ifNext = scf::IfOp::create(b, loc, ib.ult(next, kTiles));
  {
    OpBuilder::InsertionGuard inThen(b);
    b.setInsertionPointToStart(&ifNext.getThenRegion().front());
    copyStage(ib, tiles, tid, write, next);
  }
  commit();
  SmallVector<Value> yields = {ib.nextMod(read, stages),
                               ib.nextMod(write, stages)};
  SmallVector<Value> carried(loop.getRegionIterArgs().drop_front(2));
  llvm::append_range(yields, compute(read, carried));
  scf::YieldOp::create(b, loc, yields);
  b.setInsertionPointAfter(loop);
  NVVM::CpAsyncWaitGroupOp::create(b, loc, b.getI32IntegerAttr(0));
  return SmallVector<Value>(loop.getResults().drop_front(2));
}

SmallVector<Value>
mlir::tuner::detail::initAccumulators(const IndexBuilder &ib, Value c,
                                      linalg::FillOp fill,
                                      const AccumulatorSlots &slots) {
  size_t n = slots.rows.size();
  if (fill)
    return SmallVector<Value>(n, fill.value());
  Type element = cast<MemRefType>(c.getType()).getElementType();
  llvm::MaybeAlign alignment(element.getIntOrFloatBitWidth() / 8 * 2);
  SmallVector<Value> acc;
  for (size_t s = 0; s < n; s += 2) {
    auto [root, indices] =
        foldSubviews(ib.b, ib.loc, c, ValueRange{slots.rows[s], slots.cols[s]});
    Value pair =
        vector::LoadOp::create(ib.b, ib.loc, VectorType::get({2}, element),
                               root, indices, /*nontemporal=*/false, alignment);
    for (int64_t e = 0; e < 2; ++e)
      acc.push_back(vector::ExtractOp::create(ib.b, ib.loc, pair, e));
  }
  return acc;
}

//===----------------------------------------------------------------------===//
// Preconditions
//===----------------------------------------------------------------------===//

FailureOr<std::optional<SmallVector<int64_t, 4>>>
mlir::tuner::detail::readKernelMarks(Operation *op,
                                     ArrayRef<StringLiteral> names,
                                     StringRef what) {
  if (llvm::none_of(names, [&](StringRef n) { return op->hasAttr(n); }))
    return std::optional<SmallVector<int64_t, 4>>();
  SmallVector<int64_t, 4> values;
  for (StringRef name : names) {
    auto value = op->getAttrOfType<IntegerAttr>(name);
    if (!value || value.getValue().getSExtValue() < 1)
      return op->emitError()
             << what << " needs a positive integer '" << name << "' attribute";
    values.push_back(value.getValue().getSExtValue());
  }
  return std::optional<SmallVector<int64_t, 4>>(std::move(values));
}

/// Whether `op` runs once per block: inside a loop mapped to blocks and in
/// none mapped to threads, warps or lanes.
static bool isAtBlockLevel(Operation *op) {
  bool inBlock = false;
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>()) {
    std::optional<ArrayAttr> mapping = forall.getMapping();
    if (!mapping || mapping->empty())
      continue;
    if (!isa<gpu::GPUBlockMappingAttr>((*mapping)[0]))
      return false;
    inBlock = true;
  }
  return inBlock;
}

/// The static strides of a 2-D memref, or nullopt.
static std::optional<std::pair<int64_t, int64_t>> getStaticStrides(Value v) {
  auto type = cast<MemRefType>(v.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  return std::make_pair(strides[0], strides[1]);
}

LogicalResult mlir::tuner::detail::checkBlockMatmul(linalg::MatmulOp matmul,
                                                    int64_t chunk,
                                                    std::string &whyNot) {
  auto fail = [&](const Twine &reason) {
    whyNot = reason.str();
    return failure();
  };
  if (!matmul.hasPureBufferSemantics() || matmul.hasUserDefinedMaps() ||
      matmul->getNumOperands() != 3)
    return fail("expected a linalg.matmul on memrefs with the default "
                "indexing maps");
  auto aType = cast<MemRefType>(matmul.getDpsInputs()[0].getType());
  auto bType = cast<MemRefType>(matmul.getDpsInputs()[1].getType());
  auto cType = cast<MemRefType>(matmul.getDpsInits()[0].getType());
  if (!aType.hasStaticShape() || !bType.hasStaticShape() ||
      !cType.hasStaticShape())
    return fail("expected static shapes");
  if (aType.getDimSize(0) != cType.getDimSize(0) ||
      bType.getDimSize(0) != aType.getDimSize(1) ||
      bType.getDimSize(1) != cType.getDimSize(1))
    return fail("operand shapes do not match");
  // Rows of 16-byte chunks (cp.async) and column pairs (the stores).
  auto as = getStaticStrides(matmul.getDpsInputs()[0]);
  auto bs = getStaticStrides(matmul.getDpsInputs()[1]);
  auto cs = getStaticStrides(matmul.getDpsInits()[0]);
  if (!as || !bs || !cs || as->second != 1 || bs->second != 1 ||
      cs->second != 1 || as->first % chunk || bs->first % chunk ||
      cs->first % 2)
    return fail("expected static row strides, multiples of " + Twine(chunk) +
                " elements for A and B and of 2 for C, and unit column "
                "strides");
  if (!isAtBlockLevel(matmul))
    return fail("expected a matmul computed once per GPU block (in an "
                "scf.forall mapped to blocks, none mapped to threads)");
  return success();
}
